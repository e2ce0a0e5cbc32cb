/** Errors of product authorisation (errors.authorize) and menu-page access (errors.menuAccess). */
export const authorisationErrors = {
  authorize: {
    noneSelected: '请至少选择一名成员',
    tooMany: '一次最多选择 100 名成员',
    unknownProduct: '组织未获得产品 {{product}} 的授权',
    seatsExceeded:
      '$t(products.{{product}}.name|{{product}}) 只有 {{seats}} 个席位，本次授权后需要 {{needed}} 个，未做任何修改',
    seatsExceededOne:
      '$t(products.{{product}}.name|{{product}}) 只有 1 个席位，本次授权后需要 {{needed}} 个，未做任何修改',
    seatsExceededNone: '$t(products.{{product}}.name|{{product}}) 没有席位，未做任何修改',
  },
  menuAccess: {
    unknownMenu: '该角色不能配置这个菜单',
    alwaysOn: '“修改密码”页面不能隐藏',
    ownAccess: '不能取消自己对“授权管理”页面的访问权限',
    wrongRole: '所选成员不属于该角色类型',
    noneSelected: '请至少选择一名成员',
  },
};
