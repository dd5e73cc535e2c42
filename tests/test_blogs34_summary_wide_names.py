"""model.summary() pads and wraps Japanese layer names in terminal cells, as rich does for Keras 3 on TF 2.21:
a CJK character takes two cells, so '出力 (Dense)' gets 2 fewer spaces per CJK character; a long name wraps and
is cut with an ellipsis by cells (a wide character split by the cut leaves a space). tapeflow padded and
wrapped by len(), pushing the table's right border out (progs/blogs34/p61.py, q/q61.py, q/q61b.py: TF's
outputs pasted below, plain and with FORCE_COLOR)."""

from framework import keras


def _chain():
    keras.backend.clear_session()
    inp = keras.Input((3,), name="入力")
    h = keras.layers.Dense(2, name="隠れ層その一番目の全結合レイヤーです")(inp)
    h = keras.layers.Dense(2, name="中間 層 の 名前 を 空白 で 区切った もの")(h)
    h = keras.layers.Dense(2, name="aé漢b")(h)
    out = keras.layers.Dense(1, name="出力")(h)
    return keras.Model(inp, out, name="日本語のモデル")


_CHAIN_PLAIN_AND_TRAINABLE = (
    'Model: "日本語のモデル"\n'
    '┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓\n'
    '┃ Layer (type)                    ┃ Output Shape           ┃       Param # ┃\n'
    '┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩\n'
    '│ 入力 (InputLayer)               │ (None, 3)              │             0 │\n'
    '├─────────────────────────────────┼────────────────────────┼───────────────┤\n'
    '│ 隠れ層その一番目の全結合レイヤ… │ (None, 2)              │             8 │\n'
    '│ (Dense)                         │                        │               │\n'
    '├─────────────────────────────────┼────────────────────────┼───────────────┤\n'
    '│ 中間 層 の 名前 を 空白 で      │ (None, 2)              │             6 │\n'
    '│ 区切った もの (Dense)           │                        │               │\n'
    '├─────────────────────────────────┼────────────────────────┼───────────────┤\n'
    '│ aé漢b (Dense)                   │ (None, 2)              │             6 │\n'
    '├─────────────────────────────────┼────────────────────────┼───────────────┤\n'
    '│ 出力 (Dense)                    │ (None, 1)              │             3 │\n'
    '└─────────────────────────────────┴────────────────────────┴───────────────┘\n'
    ' Total params: 23 (92.00 B)\n'
    ' Trainable params: 23 (92.00 B)\n'
    ' Non-trainable params: 0 (0.00 B)\n'
    'Model: "日本語のモデル"\n'
    '┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━┓\n'
    '┃ Layer (type)                ┃ Output Shape          ┃    Param # ┃ Trai… ┃\n'
    '┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━┩\n'
    '│ 入力 (InputLayer)           │ (None, 3)             │          0 │   -   │\n'
    '├─────────────────────────────┼───────────────────────┼────────────┼───────┤\n'
    '│ 隠れ層その一番目の全結合レ… │ (None, 2)             │          8 │   Y   │\n'
    '│ (Dense)                     │                       │            │       │\n'
    '├─────────────────────────────┼───────────────────────┼────────────┼───────┤\n'
    '│ 中間 層 の 名前 を 空白 で  │ (None, 2)             │          6 │   Y   │\n'
    '│ 区切った もの (Dense)       │                       │            │       │\n'
    '├─────────────────────────────┼───────────────────────┼────────────┼───────┤\n'
    '│ aé漢b (Dense)               │ (None, 2)             │          6 │   Y   │\n'
    '├─────────────────────────────┼───────────────────────┼────────────┼───────┤\n'
    '│ 出力 (Dense)                │ (None, 1)             │          3 │   Y   │\n'
    '└─────────────────────────────┴───────────────────────┴────────────┴───────┘\n'
    ' Total params: 23 (92.00 B)\n'
    ' Trainable params: 23 (92.00 B)\n'
    ' Non-trainable params: 0 (0.00 B)\n')


def test_chain_of_japanese_names(capsys):
    model = _chain()
    model.summary()
    model.summary(show_trainable=True)
    assert capsys.readouterr().out == _CHAIN_PLAIN_AND_TRAINABLE


_TWO_INPUTS = (
    'Model: "二入力"\n'
    '┏━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━┓\n'
    '┃ Layer (type)        ┃ Output Shape      ┃    Param # ┃ Connected to      ┃\n'
    '┡━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━┩\n'
    '│ 入力A (InputLayer)  │ (None, 3)         │          0 │ -                 │\n'
    '├─────────────────────┼───────────────────┼────────────┼───────────────────┤\n'
    '│ 入力B (InputLayer)  │ (None, 3)         │          0 │ -                 │\n'
    '├─────────────────────┼───────────────────┼────────────┼───────────────────┤\n'
    '│ a隠れ層その一番目 … │ (None, 2)         │          8 │ 入力A[0][0]       │\n'
    '│ (Dense)             │                   │            │                   │\n'
    '├─────────────────────┼───────────────────┼────────────┼───────────────────┤\n'
    '│ 第二 (Dense)        │ (None, 2)         │          8 │ 入力B[0][0]       │\n'
    '├─────────────────────┼───────────────────┼────────────┼───────────────────┤\n'
    '│ 結合 (Concatenate)  │ (None, 4)         │          0 │ a隠れ層その一番 … │\n'
    '│                     │                   │            │ 第二[0][0]        │\n'
    '├─────────────────────┼───────────────────┼────────────┼───────────────────┤\n'
    '│ ｶﾀｶﾅ半角 (Dense)    │ (None, 1)         │          5 │ 結合[0][0]        │\n'
    '└─────────────────────┴───────────────────┴────────────┴───────────────────┘\n'
    ' Total params: 21 (84.00 B)\n'
    ' Trainable params: 21 (84.00 B)\n'
    ' Non-trainable params: 0 (0.00 B)\n')


def test_connected_to_column_and_odd_cut(capsys):
    keras.backend.clear_session()
    a = keras.Input((3,), name="入力A")
    b = keras.Input((3,), name="入力B")
    h1 = keras.layers.Dense(2, name="a隠れ層その一番目の全結合レイヤーです")(a)
    h2 = keras.layers.Dense(2, name="第二")(b)
    c = keras.layers.Concatenate(name="結合")([h1, h2])
    out = keras.layers.Dense(1, name="ｶﾀｶﾅ半角")(c)
    keras.Model([a, b], out, name="二入力").summary()
    assert capsys.readouterr().out == _TWO_INPUTS


def test_colored_cells_pad_by_cells(monkeypatch, capsys):
    monkeypatch.setenv('FORCE_COLOR', '1')
    _chain().summary()
    lines = capsys.readouterr().out.splitlines()
    assert lines[4] == '│ 入力 (\x1b[94mInputLayer\x1b[0m)               │ (\x1b[96mNone\x1b[0m, \x1b[32m3\x1b[0m)              │             \x1b[32m0\x1b[0m │'
    assert lines[6] == '│ 隠れ層その一番目の全結合レイヤ… │ (\x1b[96mNone\x1b[0m, \x1b[32m2\x1b[0m)              │             \x1b[32m8\x1b[0m │'
