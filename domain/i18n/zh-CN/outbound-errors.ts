/** Addresses an administrator sets that the portal will not connect to: errors.outbound. */
export const outboundErrors = {
  internalAddress: '不能连接 {{host}}（{{address}}）：这是服务器本机、链路本地、云平台元数据或保留地址',
  privateAddress: '不能连接 {{host}}（{{address}}）：本部署不允许连接内网地址',
};
