// The page's own words in English, Simplified and Traditional Chinese (the
// device's screen speaks for itself: the firmware's tables). An element marked
// data-t="key" gets T[key] as its content, data-t-label="key" as its
// aria-label; the page's English stays in index.html (null below) and comes
// back from there. Terms are the editions' own, as on the OLED: 视窗 / 視窗,
// 图像卡 / 圖片卡, 回合, 掷骰 / 擲骰, 猜测 / 猜測, 牌堆 / 牌庫.
// firmware/app/lang.py's LANGS and NAMES, the one list (host_sim/tests/test_i18n.py checks the copy)
export const LANGS = ["en", "zh-hans", "zh-hant"];
export const NAMES = ["English", "简体中文", "繁體中文"]; // each in its own script
const HTML_LANG = { "en": "en", "zh-hans": "zh-Hans", "zh-hant": "zh-Hant" };
const KEY = "macroscope.lang";

// key: [English (null: index.html's), 简体中文, 繁體中文]; {name} is filled in
export const T = {
  title: [null, "电子版 Macroscope 显微世界：在浏览器中运行的装置", "電子版 Macroscope 顯微世界：在瀏覽器中執行的裝置"],
  h1: [null, "电子版 Macroscope 显微世界", "電子版 Macroscope 顯微世界"],
  about: [null, "Macroscope 显微世界是一款桌游：一张图像卡藏在有十二个视窗的盒盖下，掷骰打开视窗，猜出图像是什么。猜对赢得的水晶数等于还关着的视窗数，猜错失去同样多：趁视窗还关着时猜，赢得最多。10 个回合后水晶最多者获胜。本页运行的就是电子盒盖自己的固件。",
    "Macroscope 顯微世界是一款桌遊：一張圖片卡藏在有十二個視窗的盒蓋下，擲骰打開視窗，猜出圖片是什麼。猜對贏得的水晶數等於還關著的視窗數，猜錯失去同樣多：趁視窗還關著時猜，贏得最多。10 個回合後水晶最多者獲勝。本頁執行的就是電子盒蓋自己的韌體。"],
  howtokey: [null, "玩法", "玩法"],
  ruleskey: [null, "规则", "規則"],
  language: [null, "语言", "語言"],
  starting: ["Starting the firmware…", "正在启动固件……", "正在啟動韌體……"],
  device: [null, "装置", "裝置"],
  lid: [null, "盒盖：12个视窗盖住图像卡", "盒蓋：12個視窗蓋住圖片卡"],
  epaper: [null, "电子纸屏：数字图像卡，一个视窗一个视窗地显示", "電子紙螢幕：數位圖片卡，一個視窗一個視窗地顯示"],
  refreshing: [null, "刷新中……", "刷新中……"],
  screen: [null, "屏幕显示", "螢幕顯示"],
  lidsays: [null, "盒盖", "盒蓋"],
  roll: [null, "ROLL：掷骰（按键 r）", "ROLL：擲骰（按鍵 r）"],
  next: [null, "NEXT：下一个（按键 n）", "NEXT：下一個（按鍵 n）"],
  ok: [null, "OK：确定（按键 o）", "OK：確定（按鍵 o）"],
  pass: [null, "PASS：不猜（按键 p）", "PASS：不猜（按鍵 p）"],
  undo: [null, "UNDO：撤回，长按打开菜单（按键 u）", "UNDO：撤回，長按打開選單（按鍵 u）"],
  hold: [null, "长按 UNDO", "長按 UNDO"],
  holdLabel: [null, "长按 UNDO：菜单（按键 Shift U）", "長按 UNDO：選單（按鍵 Shift U）"],
  seat: ["Seat {n} (key {n})", "座位{n}（按键 {n}）", "座位{n}（按鍵 {n}）"],
  seatLit: ["seat {n}'s light: lit, seat {n} may press", "座位{n}的灯：亮着，座位{n}可以按键", "座位{n}的燈：亮著，座位{n}可以按鍵"],
  seatDark: ["seat {n}'s light: dark", "座位{n}的灯：熄灭", "座位{n}的燈：熄滅"],
  table: [null, "本页自己的控制", "本頁自己的控制"],
  pause: ["Pause", "暂停", "暫停"],
  resume: ["Resume", "继续", "繼續"],
  speed: [null, "速度", "速度"],
  power: [null, "关机再开机", "關機再開機"],
  sound: [null, "声音", "聲音"],
  picture: [null, "图片", "圖片"],
  newEach: [null, "每张卡换一张新图", "每張卡換一張新圖"],
  ownOne: [null, "你自己的图片", "你自己的圖片"],
  own: [null, "你自己的图片文件", "你自己的圖片檔"],
  save: [null, "保存游戏记录", "儲存遊戲紀錄"],
  load: [null, "载入游戏记录", "載入遊戲紀錄"],
  share: [null, "分享链接", "分享連結"],
  sharelink: [null, "这局游戏的链接", "這局遊戲的連結"],
  players: [null, "人数", "人數"],
  rules: [null, "规则", "規則"],
  seed: [null, "种子", "種子"],
  standard: [null, "标准", "標準"],
  family: [null, "家庭", "家庭"],
  summary: [null, "简要", "簡要"],
  zhcn: [null, "zh-cn（简体中文版）", "zh-cn（簡體中文版）"],
  newGame: [null, "新游戏", "新遊戲"],
  setupMenu: [null, "从装置菜单开新游戏", "從裝置選單開新遊戲"],
  console: [null, "输出（固件打印的内容）", "輸出（韌體印出的內容）"],
  howtoTitle: [null, "玩法", "玩法"],
  howtoText: [null, "两到六名玩家共用一个盒盖。轮到你时按 <b>ROLL</b>：骰子允许的视窗会亮灯（蓝色第一颗骰子，橙色第二颗，紫色两颗都允许，绿色任选）。<b>NEXT</b> 在这些视窗间移动光标，<b>OK</b> 打开一个；之后可以再开一个、猜测，或按 <b>PASS</b> 领取奖励。要猜测，行动玩家按自己的<b>座位</b>键并大声说出答案；随后开始猜测，其他玩家可按自己的座位键加入（付 2 个水晶给行动玩家）；<b>OK</b> 结束猜测。揭晓时抽出图像卡看一看，按猜对的座位键（或 OK：无人猜对）。猜对者赢得 N 个水晶，N 是还关着的视窗数，每个猜错者失去 N 个：越早猜得越多，风险也越大。",
    "兩到六名玩家共用一個盒蓋。輪到你時按 <b>ROLL</b>：骰子允許的視窗會亮燈（藍色第一顆骰子，橙色第二顆，紫色兩顆都允許，綠色任選）。<b>NEXT</b> 在這些視窗間移動光標，<b>OK</b> 打開一個；之後可以再開一個、猜測，或按 <b>PASS</b> 領取獎勵。要猜測，行動玩家按自己的<b>座位</b>鍵並大聲說出答案；隨後開始猜測，其他玩家可按自己的座位鍵加入（付 2 個水晶給行動玩家）；<b>OK</b> 結束猜測。揭曉時抽出圖片卡看一看，按猜對的座位鍵（或 OK：無人猜對）。猜對者贏得 N 個水晶，N 是還關著的視窗數，每個猜錯者失去 N 個：越早猜得越多，風險也越大。"],
  thButton: [null, "按钮", "按鈕"],
  thKey: [null, "按键", "按鍵"],
  thDoes: [null, "作用", "作用"],
  doesRoll: [null, "掷两颗骰子", "擲兩顆骰子"],
  doesNext: [null, "骰子允许的下一个视窗，或菜单的下一行", "骰子允許的下一個視窗，或選單的下一行"],
  doesOk: [null, "打开那个视窗；结束猜测；在菜单中选择", "打開那個視窗；結束猜測；在選單中選擇"],
  doesPass: [null, "领取奖励并开始猜测", "領取獎勵並開始猜測"],
  seats: [null, "座位 1-6", "座位 1-6"],
  doesSeat: [null, "猜测（自己的座位）、加入猜测，或指出猜对的座位", "猜測（自己的座位）、加入猜測，或指出猜對的座位"],
  doesUndo: [null, "撤回上一步（掷骰除外）；长按 0.8 秒或按 U：菜单", "撤回上一步（擲骰除外）；長按 0.8 秒或按 U：選單"],
  cardRow: [null, "抽出 / 插入卡", "抽出 / 插入卡"],
  doesCard: [null, "卡槽：揭晓时抽出图像卡，再插入下一张", "卡槽：揭曉時抽出圖片卡，再插入下一張"],
  howtoLights: [null, "和真正的盒盖一样，视窗上没有数字：每个视窗的标记数字显示在装置的小屏幕上。屏幕上的格子就是从上往下看的盒盖，一排 4 个视窗：每个关着的视窗的格子里是它的标记数字，1 到 6，就像骰子的点数。骰子允许打开标记数字与它相同的关着的视窗（若已没有，则任何视窗）；按 ROLL 后，这些格子的边框变粗，视窗的灯亮起：蓝色第一颗骰子，橙色第二颗，紫色两颗都允许，绿色任选，白色是 NEXT 的光标。",
    "和真正的盒蓋一樣，視窗上沒有數字：每個視窗的標記數字顯示在裝置的小螢幕上。螢幕上的格子就是從上往下看的盒蓋，一排 4 個視窗：每個關著的視窗的格子裡是它的標記數字，1 到 6，就像骰子的點數。骰子允許打開標記數字與它相同的關著的視窗（若已沒有，則任何視窗）；按 ROLL 後，這些格子的邊框變粗，視窗的燈亮起：藍色第一顆骰子，橙色第二顆，紫色兩顆都允許，綠色任選，白色是 NEXT 的光標。"],
  howtoKept: [null, "每个按钮都可以按住，用鼠标、手指或按键都行。游戏保存在这个浏览器里：重新加载会从原处继续。",
    "每個按鈕都可以按住，用滑鼠、手指或按鍵都行。遊戲儲存在這個瀏覽器裡：重新載入會從原處繼續。"],
  close: [null, "关闭", "關閉"],
  rulesTitle: [null, "规则", "規則"],
  loading: [null, "载入中……", "載入中……"],
  // written by the page as it runs
  pull: ["Pull card", "抽出卡", "抽出卡"],
  insert: ["Insert card", "插入卡", "插入卡"],
  pullLabel: ["Pull card out (key c)", "抽出图像卡（按键 c）", "抽出圖片卡（按鍵 c）"],
  insertLabel: ["Insert card (key c)", "插入图像卡（按键 c）", "插入圖片卡（按鍵 c）"],
  cardIn: ["the picture card, face down in its slot", "图像卡，背面朝上插在卡槽里", "圖片卡，背面朝上插在卡槽裡"],
  cardOut: ["the picture card, pulled out: its face", "图像卡已抽出：正面朝上", "圖片卡已抽出：正面朝上"],
  paused: ["Paused.", "已暂停。", "已暫停。"],
  inMode: ["The device's {mode}.", "装置：{mode}。", "裝置：{mode}。"],
  modes: [["setup menu", "play", "device menu", "calibration", "self-test", "deck reload"],
    ["设置菜单", "游戏", "装置菜单", "校准", "自检", "补充牌堆"],
    ["設定選單", "遊戲", "裝置選單", "校準", "自檢", "補充牌庫"]],
  menu: ["menu", "菜单", "選單"],
  setup: ["The setup menu: NEXT moves, OK chooses, Start begins a game.", "设置菜单：NEXT 移动，OK 选择，“开始”开始游戏。",
    "設定選單：NEXT 移動，OK 選擇，「開始」開始遊戲。"],
  over: ["Game over after {round} rounds: seat {seats} won.", "{round}回合后游戏结束：座位{seats}获胜。", "{round}回合後遊戲結束：座位{seats}獲勝。"],
  overMany: ["Game over after {round} rounds: seats {seats} won.", "{round}回合后游戏结束：座位{seats}获胜。", "{round}回合後遊戲結束：座位{seats}獲勝。"],
  turn: ["Round {round}, seat {active}'s turn: {phase}. Card {card}, {closed} windows closed (N = {closed}).",
    "第{round}回合，轮到座位{active}：{phase}。第{card}张图像卡，{closed}个视窗关着（N = {closed}）。",
    "第{round}回合，輪到座位{active}：{phase}。第{card}張圖片卡，{closed}個視窗關著（N = {closed}）。"],
  and: [" and ", "和", "和"],
  list: [", ", "、", "、"],
  phaseRoll: ["roll the dice", "掷骰", "擲骰"],
  phaseOpen: ["open a window (dice {dice})", "打开一个视窗（骰子{dice}）", "打開一個視窗（骰子{dice}）"],
  phaseDecide: ["open another window or pass", "再打开一个视窗，或按 PASS", "再打開一個視窗，或按 PASS"],
  phaseCalled: ["guesses called by seat {seats}", "座位{seats}已猜测", "座位{seats}已猜測"],
  phaseReveal: ["pull the card out and check the guess", "抽出图像卡，核对猜测", "抽出圖片卡，核對猜測"],
  phaseVeiled: ["OK shows the picture", "按 OK 揭晓图像", "按 OK 揭曉圖片"],
  phaseShown: ["the picture is shown, check the guess", "图像已揭晓，核对猜测", "圖片已揭曉，核對猜測"],
  // the status line's list of what may be done (gamewords.mjs)
  or: [" or ", "或", "或"],
  then: ["; ", "；", "；"],
  seatN: ["seat {n}", "座位{n}", "座位{n}"],
  choose: [null, "选择文件", "選擇檔案"], // the page's own file button: the browser's says "Choose File" in its own language
  noFile: ["none chosen", "未选择文件", "未選擇檔案"],
  colon: [": ", "：", "："], // in the firmware's words said on the page ("P3猜对: +11" on the OLED)
  ownKept: ["the one kept in this browser", "本浏览器保存的那张", "本瀏覽器儲存的那張"],
  seatAmount: ["seat {n}: {amount}", "座位{n}：{amount}", "座位{n}：{amount}"],
  seatsN: ["seats {n}", "座位{n}", "座位{n}"],
  todoCard: ["put the card in the slot (Insert card, key c)", "把图像卡插进卡槽（插入卡，按键 c）", "把圖片卡插進卡槽（插入卡，按鍵 c）"],
  todoRollOrSkip: ["roll the dice, or open a window without rolling", "掷骰，或不掷骰直接打开视窗", "擲骰，或不擲骰直接打開視窗"],
  todoAnother: ["open another window", "再打开一个视窗", "再打開一個視窗"],
  todoGuess: ["guess (seat {seat}'s button)", "猜测（按座位{seat}键）", "猜測（按座位{seat}鍵）"],
  todoPass: ["pass (PASS)", "不猜（PASS）", "不猜（PASS）"],
  todoEnd: ["end the turn (PASS)", "结束这一轮（PASS）", "結束這一輪（PASS）"],
  todoCall: ["seat {seat} may still guess", "座位{seat}还可以猜测", "座位{seat}還可以猜測"],
  todoPassed: ["seat {seat} passed", "座位{seat}不猜", "座位{seat}不猜"],
  todoJoin: ["{who} may call a guess (paying {cost}), OK closes the call", "{who}可以加入猜测（付 {cost} 个水晶），按 OK 结束猜测",
    "{who}可以加入猜測（付 {cost} 個水晶），按 OK 結束猜測"],
  todoNoJoin: ["nobody else may join: OK closes the call", "没有人能再加入：按 OK 结束猜测", "沒有人能再加入：按 OK 結束猜測"],
  todoRight: ["the card is out: press the seat that was right ({seats}) or OK for nobody",
    "图像卡已抽出：按猜对的座位键（{seats}），无人猜对按 OK", "圖片卡已抽出：按猜對的座位鍵（{seats}），無人猜對按 OK"],
  todoShown: ["the picture is shown, check the guess: press the seat that was right ({seats}) or OK for nobody",
    "图像已揭晓，核对猜测：按猜对的座位键（{seats}），无人猜对按 OK", "圖片已揭曉，核對猜測：按猜對的座位鍵（{seats}），無人猜對按 OK"],
  // what a screen reader hears (gamewords.mjs): labels before numbers
  gap: [" ", "", ""], // between two sentences
  sayMsg: ["The screen says: {msg}.", "屏幕提示：{msg}。", "螢幕提示：{msg}。"],
  sayResult: ["Result: {result}.", "结果：{result}。", "結果：{result}。"],
  sayTurn: ["Round {round} of {rounds}. Seat {active}'s turn.", "第{round}回合，共{rounds}回合。轮到座位{active}。",
    "第{round}回合，共{rounds}回合。輪到座位{active}。"],
  sayOut: ["The card is out of its slot.", "图像卡不在卡槽里。", "圖片卡不在卡槽裡。"],
  sayCard: ["Press Insert card (key c) to put the card in the slot.", "按“插入卡”（按键 c）把图像卡插进卡槽。",
    "按「插入卡」（按鍵 c）把圖片卡插進卡槽。"],
  sayRoll: ["Roll the dice.", "掷骰。", "擲骰。"],
  sayRollOrSkip: ["Roll the dice, or open a window without rolling.", "掷骰，或不掷骰直接打开视窗。", "擲骰，或不擲骰直接打開視窗。"],
  sayDice: ["Dice: {dice}.", "骰子：{dice}。", "骰子：{dice}。"],
  sayAllowed: ["Windows allowed, by token: {groups}.", "可以打开的视窗，按数字：{groups}。", "可以打開的視窗，按數字：{groups}。"],
  tokenGroup: ["token {token}: window {windows}", "数字{token}：视窗{windows}", "數字{token}：視窗{windows}"],
  tokenGroups: ["token {token}: windows {windows}", "数字{token}：视窗{windows}", "數字{token}：視窗{windows}"],
  sayOpen: ["Open a window.", "打开一个视窗。", "打開一個視窗。"],
  sayDecide: ["Decide.", "决定下一步。", "決定下一步。"],
  sayCall: ["The call: {what}.", "猜测阶段：{what}。", "猜測階段：{what}。"],
  sayReveal: ["The reveal.", "揭晓。", "揭曉。"],
  sayN: ["Windows closed, N: {n}.", "关着的视窗 N：{n}。", "關著的視窗 N：{n}。"],
  scores: ["Scores: {list}.", "水晶：{list}。", "水晶：{list}。"],
  scoreOne: ["seat {n}: {c}", "座位{n}：{c}", "座位{n}：{c}"],
  sayOrder: ["Speaking order: seat {seats}.", "发言顺序：座位{seats}。", "發言順序：座位{seats}。"],
  pressList: ["Press: {list}.", "按键：{list}。", "按鍵：{list}。"],
  pressRoll: ["Press ROLL.", "按 ROLL。", "按 ROLL。"],
  pressRollOrSkip: ["Press ROLL, or NEXT to open a window without rolling.", "按 ROLL，或按 NEXT 不掷骰直接打开视窗。",
    "按 ROLL，或按 NEXT 不擲骰直接打開視窗。"],
  pressOpen: ["Press NEXT to move the cursor, OK to open window {w}.", "按 NEXT 移动光标，按 OK 打开视窗{w}。",
    "按 NEXT 移動光標，按 OK 打開視窗{w}。"],
  pressAnother: ["NEXT and OK open another window (the cursor is on window {w})", "NEXT 和 OK 再打开一个视窗（光标在视窗{w}）",
    "NEXT 和 OK 再打開一個視窗（光標在視窗{w}）"],
  pressGuess: ["seat {seat} guesses", "座位{seat}键猜测", "座位{seat}鍵猜測"],
  pressPass: ["PASS passes and takes the reward", "PASS 不猜并领取奖励", "PASS 不猜並領取獎勵"],
  pressEnd: ["PASS ends the turn", "PASS 结束这一轮", "PASS 結束這一輪"],
  pressJoin: ["{who} may join with their seat buttons, paying {cost}", "{who}可以按自己的座位键加入，付 {cost} 个水晶",
    "{who}可以按自己的座位鍵加入，付 {cost} 個水晶"],
  pressNoJoin: ["nobody else may join", "没有人能再加入", "沒有人能再加入"],
  pressClose: ["OK closes the call", "OK 结束猜测", "OK 結束猜測"],
  pressPull: ["Press Pull card (key c) to pull the card out, then the seat that was right ({seats}), or OK for nobody.",
    "按“抽出卡”（按键 c）抽出图像卡，再按猜对的座位键（{seats}），无人猜对按 OK。", "按「抽出卡」（按鍵 c）抽出圖片卡，再按猜對的座位鍵（{seats}），無人猜對按 OK。"],
  pressRight: ["Press the seat that was right ({seats}), or OK for nobody.", "按猜对的座位键（{seats}），无人猜对按 OK。",
    "按猜對的座位鍵（{seats}），無人猜對按 OK。"],
  pressOver: ["Press UNDO to take the last reveal back, or hold UNDO for the menu.", "按 UNDO 撤回最后一次揭晓，长按 UNDO 打开菜单。",
    "按 UNDO 撤回最後一次揭曉，長按 UNDO 打開選單。"],
  pressShow: ["Press OK to show the picture.", "按 OK 揭晓图像。", "按 OK 揭曉圖片。"],
  // the page's controls
  endGame: ["End the game in play and start a new one?", "结束正在进行的游戏，开始新游戏吗？", "結束正在進行的遊戲，開始新遊戲嗎？"],
  open: ["Windows open: {list}.", "打开的视窗：{list}。", "打開的視窗：{list}。"],
  allClosed: ["Every window closed.", "所有视窗都关着。", "所有視窗都關著。"],
  lit: [" Lit: {list}.", "亮灯：{list}。", "亮燈：{list}。"],
  litOne: ["{n} {colour}", "{n} {colour}", "{n} {colour}"],
  litList: ["; ", "；", "；"],
  window: ["window {n} {state}", "视窗{n}{state}", "視窗{n}{state}"],
  windowLit: ["window {n} {state}, its light {colour}", "视窗{n}{state}，灯：{colour}", "視窗{n}{state}，燈：{colour}"],
  isOpen: ["open", "开着", "開著"],
  isClosed: ["closed", "关着", "關著"],
  isMoving: ["opening or closing", "正在开合", "正在開合"],
  blue: ["blue: the first die allows it", "蓝色：第一颗骰子允许", "藍色：第一顆骰子允許"],
  orange: ["orange: the second die allows it", "橙色：第二颗骰子允许", "橙色：第二顆骰子允許"],
  purple: ["purple: both dice allow it", "紫色：两颗骰子都允许", "紫色：兩顆骰子都允許"],
  green: ["green: free to open", "绿色：可以任意打开", "綠色：可以任意打開"],
  white: ["white: the cursor", "白色：光标", "白色：光標"],
  red: ["red: the self-test", "红色：自检", "紅色：自檢"],
  revealed: ["The picture: {name}.", "图像：{name}。", "圖片：{name}。"],
  yourPicture: ["your own picture", "你自己的图片", "你自己的圖片"],
  cardShows: ["the picture card, pulled out: {name}", "图像卡已抽出：{name}", "圖片卡已抽出：{name}"],
  seedRandom: ["random", "随机", "隨機"],
  restarted: ["The board restarted; its flash kept the game.", "电路板已重启，闪存保留了游戏。", "電路板已重新啟動，快閃記憶體保留了遊戲。"],
  recordTooBig: ["{file}: over {mb} MB, larger than any game's record: the game goes on.",
    "{file}：超过 {mb} MB，比任何一局游戏的记录都大：游戏继续。", "{file}：超過 {mb} MB，比任何一局遊戲的記錄都大：遊戲繼續。"],
  loaded: ["Loaded {file}: the device resumed that game.", "已载入 {file}：装置接着那局游戏继续。", "已載入 {file}：裝置接著那局遊戲繼續。"],
  shared: ["The link to this game is copied (and below the buttons): it opens this game, at this point, in any browser.",
    "这局游戏的链接已复制（也在按钮下方）：在任何浏览器中打开，都会回到此刻的这局游戏。",
    "這局遊戲的連結已複製（也在按鈕下方）：在任何瀏覽器中開啟，都會回到此刻的這局遊戲。"],
  sharedNoCopy: ["The link to this game is below the buttons (this browser did not let the page copy it): it opens this game, at this point, in any browser.",
    "这局游戏的链接在按钮下方（这个浏览器不让本页复制）：在任何浏览器中打开，都会回到此刻的这局游戏。",
    "這局遊戲的連結在按鈕下方（這個瀏覽器不讓本頁複製）：在任何瀏覽器中開啟，都會回到此刻的這局遊戲。"],
  damagedLink: ["The shared link is damaged ({why}): the game kept in this browser goes on.",
    "分享的链接已损坏（{why}）：继续这个浏览器保存的游戏。", "分享的連結已損壞（{why}）：繼續這個瀏覽器儲存的遊戲。"],
  replaceGame: ["The link opens another game: replace the game kept in this browser?", "链接打开的是另一局游戏：替换这个浏览器保存的游戏吗？",
    "連結開啟的是另一局遊戲：取代這個瀏覽器儲存的遊戲嗎？"],
  replaceByRecord: ["{file} holds another game: replace the game in progress?", "{file} 是另一局游戏：替换正在进行的游戏吗？",
    "{file} 是另一局遊戲：取代正在進行的遊戲嗎？"],
  recordDeclined: ["{file} was not loaded: the game in progress goes on.", "{file} 没有载入：继续正在进行的游戏。",
    "{file} 沒有載入：繼續正在進行的遊戲。"],
  linkDeclined: ["The link was not opened: the game kept in this browser goes on.", "链接没有打开：继续这个浏览器保存的游戏。",
    "連結沒有開啟：繼續這個瀏覽器儲存的遊戲。"],
  noStorage: ["This browser keeps no storage for the page: a reload starts over.", "这个浏览器不为本页保存数据：重新加载会从头开始。",
    "這個瀏覽器不為本頁儲存資料：重新載入會從頭開始。"],
  damagedKept: ["The game kept in this browser was damaged: a new start.", "这个浏览器保存的游戏已损坏：重新开始。",
    "這個瀏覽器儲存的遊戲已損壞：重新開始。"],
  full: ["The browser's storage is full: this game is not kept.", "浏览器的存储空间已满：这局游戏不会保存。",
    "瀏覽器的儲存空間已滿：這局遊戲不會儲存。"],
  bigPicture: ["The picture is too big to keep across reloads.", "图片太大，重新加载后不会保留。", "圖片太大，重新載入後不會保留。"],
  brokenBoard: ["The board config is broken: {why}", "电路板配置有误：{why}", "電路板設定有誤：{why}"],
  stopped: ["The firmware stopped: {why}", "固件已停止：{why}", "韌體已停止：{why}"],
  pageError: ["Page error: {why}", "页面错误：{why}", "頁面錯誤：{why}"],
  noRules: ["The rules could not be loaded: {why}", "无法载入规则：{why}", "無法載入規則：{why}"],
  param: ["URL parameter {name}: {what}", "网址参数 {name}：{what}", "網址參數 {name}：{what}"],
  wholeNumber: ["a whole number {lo} to {hi}, got \"{v}\"", "应为 {lo} 到 {hi} 的整数，收到“{v}”", "應為 {lo} 到 {hi} 的整數，收到「{v}」"],
  oneOf: ["one of {list}, got \"{v}\"", "应为 {list} 之一，收到“{v}”", "應為 {list} 之一，收到「{v}」"],
  seedNumber: ["seed must be a number, got '{v}'", "种子必须是数字，收到“{v}”", "種子必須是數字，收到「{v}」"],
  seedRange: ["seed must be 0 to 4294967295, got {v}", "种子必须在 0 到 4294967295 之间，收到 {v}", "種子必須在 0 到 4294967295 之間，收到 {v}"],
};

let lang = "en";
const english = new WeakMap(); // element -> its English content / label, from index.html

export function current() {
  return lang;
}

// T[key] in the page's language, {name}s filled in from vars.
export function t(key, vars) {
  const row = T[key];
  if (!row) throw new Error("no page text " + key);
  let s = row[LANGS.indexOf(lang)];
  if (s === null || s === undefined) s = row[0];
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
  return s;
}

// The language chosen for the page: ?lang= (checked by the caller), else the
// one kept in this browser, else "" (never chosen: the device's, by its preset).
export function kept() {
  try {
    const c = localStorage.getItem(KEY);
    return LANGS.includes(c) ? c : "";
  } catch (e) {
    return "";
  }
}

export function keep(code) {
  try {
    localStorage.setItem(KEY, code);
  } catch (e) { /* no storage: the choice lasts this visit */ }
  const q = new URLSearchParams(location.search);
  if (q.has("lang") && q.get("lang") !== code) { // the address says the language now spoken
    q.set("lang", code);
    history.replaceState(null, "", location.pathname + "?" + q + location.hash);
  }
}

// Every marked text of the page in language code.
export function apply(code) {
  lang = LANGS.includes(code) ? code : "en";
  const i = LANGS.indexOf(lang);
  document.documentElement.lang = HTML_LANG[lang];
  const pick = (el, key, now) => {
    const row = T[key];
    if (!row) throw new Error("no page text " + key);
    const saved = english.get(el) || {};
    if (!(now.kind in saved)) {
      saved[now.kind] = now.get();
      english.set(el, saved);
    }
    now.set(i && row[i] !== null ? row[i] : row[0] !== null ? row[0] : saved[now.kind]);
  };
  for (const el of document.querySelectorAll("[data-t]")) {
    pick(el, el.dataset.t, { kind: "html", get: () => el.innerHTML, set: (v) => { if (el.innerHTML !== v) el.innerHTML = v; } });
  }
  for (const el of document.querySelectorAll("[data-t-label]")) {
    pick(el, el.dataset.tLabel, { kind: "label", get: () => el.getAttribute("aria-label"), set: (v) => el.setAttribute("aria-label", v) });
  }
  const sel = document.getElementById("lang");
  if (sel && sel.value !== lang) sel.value = lang;
}
