import type { TFunction } from 'i18next';

/** What the label needs of a project. */
export interface OwnedProject {
  name: string;
  ownerName: string;
  isCreator: boolean;
}

/**
 * A project's name as a member sees it: a project someone else owns is followed by its owner's name
 * ("My project · Anna Berg"), so a shared "My project" is told apart from one's own.
 */
export function projectLabel(project: OwnedProject, t: TFunction): string {
  if (project.isCreator || !project.ownerName) return project.name;
  return t('common.format.nameWithDetail', { name: project.name, detail: project.ownerName });
}
