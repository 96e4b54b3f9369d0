"""The device's texts in Chinese: zh_hans (简体中文) and zh_hant (繁體中文),
each a dict T {the English text in the firmware: its translation}. They are
compiled into firmware/lang/*.bin and the glyph file firmware/fonts/cjk12.bin
by `make font`; the board reads a text from flash when it is shown."""
