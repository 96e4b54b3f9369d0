"""The terminal's own words (key help, panel titles, the score panel) in
each of the device's languages (app.lang.LANGS' order: en, zh-hans,
zh-hant); the terminal speaks the language the device speaks now."""
import sys

WORDS = {
    # fits 80 columns (an ideograph takes two); the buttons by the names printed on them, as the OLED says them
    "help": ("1-6 seats  r ROLL  n NEXT  o OK  p PASS  u UNDO  U menu  c card  q quit",
             "1-6 座位  r ROLL  n NEXT  o OK  p PASS  u UNDO  U 菜单  c 卡片  q 退出",
             "1-6 座位  r ROLL  n NEXT  o OK  p PASS  u UNDO  U 選單  c 卡片  q 離開"),
    "title": ("Macroscope: the device on an emulated board", "Macroscope：模拟板上的装置",
              "Macroscope：模擬板上的裝置"),
    "oled": ("OLED", "OLED 屏幕", "OLED 螢幕"),
    "lid": ("lid", "盖板", "蓋板"),
    "no_game": ("no game yet: set one up on the device", "还没有游戏：请在装置上设置", "還沒有遊戲：請在裝置上設定"),
    "round": ("round %d/%d  card %d  N=%d closed", "第%d/%d轮  第%d张卡  N=%d 未开", "第%d/%d輪  第%d張卡  N=%d 未開"),
    "crystals": ("crystals", "水晶", "水晶"),
    "won": ("game over, won: seat %s", "游戏结束，胜者：座位 %s", "遊戲結束，勝者：座位 %s"),
    "picture": ("the picture: %s", "图片：%s", "圖片：%s"),
    "card_in": ("card in the slot", "卡槽里有卡", "卡槽裡有卡"),
    "card_out": ("no card in the slot", "卡槽里没有卡", "卡槽裡沒有卡"),
    "saved": ("Saved game.rec: %s", "已保存 game.rec：%s", "已儲存 game.rec：%s"),
    "not_kept": ("game.rec not kept: %s: %s", "game.rec 没有保存：%s：%s", "game.rec 沒有儲存：%s：%s"),
    "rebooted": ("rebooted %d\u00d7", "已重启 %d 次", "已重新啟動 %d 次"),
}


def lang_index():
    """The index of the language the device speaks (0 before it has booted)."""
    lang = sys.modules.get("app.lang")  # the device's, in this process (not on the emulated Pico)
    return lang.LANGS.index(lang.code) if lang is not None and lang.code in lang.LANGS else 0


def w(key, k=None):
    """WORDS[key] in language k (default: the device's)."""
    return WORDS[key][lang_index() if k is None else k]
