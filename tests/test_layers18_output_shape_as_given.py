"""Normalization, GroupNormalization and RMSNormalization.compute_output_shape hand back the shape as given, as
Keras 3's on TF 2.21 (a list stays a list; tapeflow made it a tuple) (notes progs/layers18/cos.py)."""
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('make, shape', [
    (lambda: L.Normalization(mean=1., variance=1.), [None, None, 3]),
    (lambda: L.GroupNormalization(groups=1), [None, None, 4]),
    (lambda: L.RMSNormalization(), [None, 3]),
])
def test_list_shape_stays_a_list(make, shape):
    out = make().compute_output_shape(shape)
    assert type(out) is list and out == shape           # TF 2.21: list [None, None, 3] ...
    assert make().compute_output_shape(tuple(shape)) == tuple(shape)
    assert type(make().compute_output_shape(tuple(shape))) is tuple


def test_symbolic_calls_unchanged():
    assert tuple(L.GroupNormalization(groups=2)(keras.Input((None, 4))).shape) == (None, None, 4)
    assert tuple(L.RMSNormalization()(keras.Input((3,))).shape) == (None, 3)
    assert tuple(L.Normalization(mean=1., variance=1.)(keras.Input((5, 3))).shape) == (None, 5, 3)


def test_summary_of_layers_built_with_a_list():
    class Model(keras.Model):
        def __init__(self):
            super().__init__()
            self.rms, self.group = L.RMSNormalization(), L.GroupNormalization(groups=1)

        def call(self, x):
            return self.group(self.rms(x))

    model = Model()
    model.rms.build([None, 3])
    model.group.build([None, 3])
    lines = []
    model.summary(print_fn=lambda text, **kwargs: lines.append(text))
    rows = [line for line in '\n'.join(lines).split('\n') if 'normalization' in line]
    # TF 2.21: '│ rms_normalization               │ (None, 3)              │             3 │'
    assert len(rows) == 2 and all('(None, 3)' in row for row in rows)
