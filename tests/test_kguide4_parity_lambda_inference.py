"""A Lambda without output_shape infers its outputs as Keras 3 does: over a list of inputs too.

``Sequential([Input, a two-output model, Lambda(lambda t: t[0])])`` (picking one output of a nested
model, the Functional API guide's style) raised TypeError while building in tapeflow: the shape-only
path ran the function on zeros of one shape. Keras runs it on KerasTensors, one per input, whose
outputs are KerasTensors too (they take keras_tensor_N names before the layer's outputs), and gives
the outputs the compute dtype. Goldens: /work/notes/progs/kguides4/g5.py under Keras 3 (TF 2.21).
"""
import re

from framework import keras
from framework.keras import layers


def number(tensor):
    return int(re.fullmatch(r'keras_tensor(?:_(\d+))?', tensor.name).group(1) or 0)


def two_outputs():
    inp = keras.Input((6,), name='inp')
    hidden = layers.Dense(8, activation='relu', name='hidden')(inp)
    return keras.Model(inp, [layers.Dense(1, name='reg')(hidden), layers.Dense(3, name='cls')(hidden)])


def test_lambda_over_a_list_of_inputs():
    a, b = keras.Input((6,)), keras.Input((3,))
    first = layers.Lambda(lambda t: t[0])([a, b])
    assert first.shape == (None, 6) and first.dtype == 'float32'
    # two inputs and one output inferred, then the output: Keras 3 numbers it b's + 4
    assert number(first) == number(b) + 4
    swapped = layers.Lambda(lambda t: [t[1], t[0] * 2])([a, b])
    assert [t.shape for t in swapped] == [(None, 3), (None, 6)]
    assert [number(t) for t in swapped] == [number(first) + 5, number(first) + 6]


def test_lambda_keeps_the_compute_dtype_and_free_axes():
    x = keras.Input((6,))
    cast = layers.Lambda(lambda t: keras.ops.cast(t, 'int32'))(x)
    assert cast.dtype == 'float32' and number(cast) == number(x) + 3      # TF 2.21: float32, +3
    sliced = layers.Lambda(lambda t: t[:, :2])(keras.Input((None, 5)))
    assert sliced.shape == (None, None, 5)


def test_sequential_picks_one_output_of_a_nested_model(capsys):
    outer = keras.Sequential([keras.Input((6,)), two_outputs(), layers.Lambda(lambda t: t[0])], name='outer')
    assert outer.output_shape == (None, 1)
    outer.summary(expand_nested=True, show_trainable=True)
    text = capsys.readouterr().out
    # TF 2.21 prints '│ lambda (Lambda)             │ (None, 1)             │          0 │   -   │'
    assert re.search(r'│ lambda(_\d+)? \(Lambda\) +│ \(None, 1\) +│ +0 │   -   │', text)
    assert ' Total params: 92 (368.00 B)' in text
