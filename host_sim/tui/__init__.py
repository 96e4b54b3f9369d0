"""`python -m host_sim sim`: the device firmware on the emulated board, played
from the keyboard in a terminal (Textual). `view` draws what the emulated
parts show; `app` runs the device in real time and maps keys to buttons;
`screenshot` saves the README's picture of it."""
