import { Select } from 'antd';

/** antd's Select in a module of its own, so that paginationSizeChanger.tsx can load it lazily. */
export default Select;
