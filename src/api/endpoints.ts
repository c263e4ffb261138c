/** Paths of the site and session calls (SPEC §7 and docs/API.md). Realm-neutral constants. */
export const API = {
  commonData: '/api/web/v1/site/common_data',
  menuData: '/api/web/v1/site/menu_data',
  compliance: '/api/web/v1/site/compliance_check',
  userInfo: '/api/web/v1/usercenter/get_info',
  accountMode: '/apiw/v2/unified/account_mode',
  crossMargin: '/apiweb/v1/spot/cross_margin/info',
  demoLogin: '/api/web/v1/usercenter/demo_login',
  logout: '/api/web/v1/usercenter/logout',
  logoutAll: '/api/web/v1/usercenter/logoutAll',
  pageLogout: '/logout',
} as const;
