/** User-facing Chinese messages shared by the SPA and the API. Quoted spec text is used verbatim. */
export const Messages = {
  siteTitle: '网页生成系统',

  phoneRequired: '请输入手机号',
  phoneInvalid: '请输入正确的手机号',
  passwordRequired: '请输入密码',
  passwordTooShort: '密码长度不能小于6位',
  passwordTooLong: '密码长度不能超过64位',
  passwordTooCommon: '密码过于简单，请换一个更安全的密码',
  passwordBlank: '密码不能只包含空格',
  passwordAllSame: '密码不能由同一个字符重复组成',
  passwordControlCharacters: '密码不能包含控制字符',
  passwordIsPhone: '密码不能包含手机号',
  passwordMismatch: '两次输入的密码不一致',
  accountPasswordRequired: '账号和密码不能为空',
  smsCodeRequired: '请输入验证码',
  smsCodeInvalid: '短信验证码错误',
  smsCodeExpired: '短信验证码已过期，请重新获取',
  smsCodeTooManyTries: '短信验证码错误次数过多，请重新获取',
  captchaRequired: '请输入图形验证码',
  captchaTooLong: '图形验证码最多6个字符',
  captchaWrong: '图形验证码错误，请重新输入',
  captchaExpired: '图形验证码已过期，请刷新',
  captchaFetchFailed: '获取图形验证码失败',
  captchaNotPassed: '请先完成图形验证码',
  smsSendFailed: '短信发送失败',
  smsTooFrequent: '发送过于频繁，请稍后再试',
  /** The SMS provider refused the number although it looks like a mobile number (a wrong or blocked one). */
  smsPhoneRejected: '手机号格式不正确或无法接收短信，请检查后重试',
  smsSent: '验证码已发送',
  userNameTooLong: '用户名最多12个字符',
  userNameRequired: '请输入用户名',

  loginFailed: '手机号或密码错误',
  loginNeedsCaptcha: '登录失败次数过多，请先完成图形验证码',
  loginLocked: '登录失败次数过多，请15分钟后再试，或使用短信验证码登录',
  loginLockedUseSms: '该账号近期被多处尝试登录，已暂停密码登录15分钟，请使用短信验证码登录',
  smsLoginSwitch: '短信验证码登录',
  passwordLoginSwitch: '密码登录',
  loginSucceeded: '登录成功',
  registerFailed: '注册失败',
  registerSucceeded: '注册成功，请登录',
  /** The SPA logs a new account in at once with the phone and password just typed. */
  registerLoggedIn: '注册成功，已为你登录',
  phoneTaken: '该手机号已注册，请直接登录',
  phoneBoundToOther: '该手机号已绑定其他账号',
  // Binding a phone to a WeChat account, and merging with the phone's own account.
  phoneBound: '手机号绑定成功',
  accountHasPhone: '当前账号已绑定手机号',
  phoneHasAccount: '该手机号已有账号，请选择保留哪个账号',
  phoneHasOtherWechat: '该手机号已绑定其他微信账号，无法合并',
  phoneAccountGone: '该手机号的账号已变化，请重新获取验证码',
  mergeChoiceInvalid: '请选择要保留的账号',
  accountsMerged: '账号已合并',
  publishNeedsPhone: '根据国家规定，发布网站前需要绑定手机号',
  accountNotFound: '该手机号尚未注册',
  editPasswordFailed: '修改失败',
  editPasswordSucceeded: '密码修改成功，请重新登录',
  updateUserSucceeded: '修改成功',
  logoutSucceeded: '已退出登录',
  tooManyRequests: '操作过于频繁，请稍后再试',

  qrExpired: '二维码已过期',
  qrConfirmed: '登录已确认',
  qrExpiredClickToRefresh: '二维码已过期，点击刷新',
  qrScannedConfirmOnPhone: '已扫码，请在手机上确认',
  qrFetchFailed: '获取二维码失败，点击刷新',
  phoneNotBound: '未绑定',

  userInfoFailed: '获取用户信息失败，请重新登录',
  loginExpired: '登录已过期，请重新登录',
  /** A logged-in user calling a route for the product's operators. */
  operatorOnly: '该功能仅限运营人员使用',
  accessDenied: '拒绝访问',
  notFound: '请求的资源不存在',
  serverError: '服务器内部错误',
  /** HTTP 503 with Retry-After: the server sheds load (overloaded) rather than answer too late. */
  serverBusy: '服务器繁忙，请稍后重试',
  /** GET /readyz's 503, followed by what does not answer. */
  notReady: '服务未就绪，无法连接',
  /** The database, Redis or the file storage is away for a moment (a restart): nothing was done, trying again soon works. */
  serviceRecovering: '服务暂时不可用，请稍后再试',
  networkFailed: '网络连接失败，请检查网络',
  requestNotSent: '请求发送失败',
  requestFailed: '请求失败',
  requestRedirected: '请求已重定向',

  tutorialMissing: '教程视频不存在，请联系管理员',
  comingSoon: '即将上线',

  // The API's own answers (DESIGN.md section 5): validation, captcha, phone binding, QR scan page.
  paramInvalid: '参数错误',
  requestTooLarge: '请求内容过大',
  unsupportedBodyType: '参数错误：请以 JSON 格式提交',
  captchaPassed: '验证通过',
  phoneMismatch: '手机号与当前账号绑定的手机号不一致',
  qrScanTitle: '网页生成系统 请求登录',
  qrScanHint: '确认后，电脑上的网页将登录你的账号',
  qrScanConfirm: '确认登录',
  qrScanCancel: '取消',
  qrScanConfirmed: '登录已确认，请回到电脑上继续',
  qrScanCancelled: '已取消登录',
  qrScanExpired: '二维码已过期，请在电脑上刷新二维码',

  // WeChat service-account login (QR_LOGIN_PROVIDER=wechat-mp).
  wechatUnavailable: '微信登录暂不可用，请使用手机号登录',
  /** The reply in WeChat's chat after a scan that logged the computer in. */
  wechatScanWelcome: '登录成功，欢迎使用网页生成系统！请回到电脑上继续',
  /** The reply to a scan of a code that no longer logs anyone in. */
  wechatScanExpired: '二维码已过期，请在电脑上刷新二维码后重新扫码',
  /** Inside WeChat's browser, where a QR code cannot be scanned. */
  wechatOneClick: '微信一键登录',
  wechatOneClickHint: '你正在微信中浏览，可直接用微信登录',
  wechatOauthInvalid: '登录请求已失效，请返回重新点击微信一键登录',
  wechatOauthDenied: '未获得微信授权，请重新点击微信一键登录',
  backToLogin: '返回登录',

  // The operator console (运营后台).
  accountDisabled: '账号已被停用',
  /** An owner asked the operators to look again at a page they took down (申请复审). */
  reviewRequested: '已申请复审，运营人员处理后会恢复上线',
  tooManyNewAccounts: '该网络今天注册的新账号过多，请明天再试或登录已有账号',
  disableReasonRequired: '请填写停用原因',
  userNotFound: '用户不存在',
  cannotDisableSelf: '不能停用自己的账号',
  cannotDemoteSelf: '不能取消自己的运营权限',
} as const;

/** What a stopped account is told when it tries to log in: the fact, and the operator's reason. */
export const accountDisabledMessage = (reason: string): string => `${Messages.accountDisabled}：${reason}`;

/** The longest wait put in words: a Retry-After past it is "稍后". */
const BUSY_SECONDS_SAID = 600;

/** What the user is told of an HTTP 503 with Retry-After (the server sheds load): when to try again. */
export const serverBusyMessage = (retryAfterSeconds: number | null): string =>
  retryAfterSeconds !== null && retryAfterSeconds >= 1 && retryAfterSeconds <= BUSY_SECONDS_SAID ? `服务器繁忙，请 ${Math.ceil(retryAfterSeconds)} 秒后重试` : Messages.serverBusy;
