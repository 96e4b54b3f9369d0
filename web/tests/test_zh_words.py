"""What a 简体中文 player reads on the page after a card: the result said as a
list of seats and amounts in the page's punctuation, and the page's own file
buttons in the page's language (the browser's say "Choose File" in its own)."""
from web import browser
from web.tests.test_page import click_keys, page_state

SPEED = 4


def test_a_chinese_result_and_file_buttons_read_as_chinese(contexts, tmp_path):
    _, keys = browser.whole_game(str(tmp_path) + "/", 4, "zh-cn", 7, limit=40)
    page, watch = contexts("?players=4&rules=zh-cn&seed=7&speed=%d&lang=zh-hans" % SPEED, width=1280, height=800)
    for k in keys:
        click_keys(page, [k])
        if page_state(page)["round"] == 2:
            break
    browser.wait_ms(page, 400)
    words = page.evaluate("document.getElementById('screen').textContent")
    # the firmware's "P3猜对: +11\nP1 0  P2 0  P4 -9", said as Chinese is written
    assert words.startswith("结果：座位3猜对：+11；座位1：0、座位2：0、座位4：-9。"), words
    assert "  " not in words and ": " not in words, words
    labels = page.evaluate("[...document.querySelectorAll('#table label.file')].map((l) => l.innerText)")
    labels = [" ".join(x.split()) for x in labels]
    assert labels == ["你自己的图片文件 选择文件 未选择文件", "载入游戏记录 选择文件 未选择文件"], labels
    rec = tmp_path / "对局.rec"
    rec.write_text(page.evaluate("document.body.dataset.record"))
    page.on("dialog", lambda d: d.accept())
    page.set_input_files("#load", str(rec))
    page.wait_for_function("document.querySelectorAll('#table .chosen')[1].textContent === '对局.rec'", timeout=5000)
    # the file inputs keep their names for screen readers: the label's words, not the drawn button's
    assert page.get_by_label("载入游戏记录").count() == 1
    page.screenshot(path=str(tmp_path / "zh-hans-result.png"))
    assert watch.errors == []
