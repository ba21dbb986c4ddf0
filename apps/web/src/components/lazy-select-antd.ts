// antd's Select on its own, for `LazySelect` to load when a select is first opened.
export { Select } from 'antd';
