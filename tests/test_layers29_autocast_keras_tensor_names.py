"""A layer called on a floating KerasTensor of another dtype than its input dtype takes one more KerasTensor
name, as Keras 3 on TF 2.21: its ``__call__`` casts such inputs with ``ops.cast``, whose symbolic output takes
the next keras_tensor_N before the layer's own outputs (so a float64 layer's output, or a mixed-precision
model's first layer's, printed one name lower in tapeflow). Layers that convert no inputs (RandomFlip, lookups,
a functional model) or do not autocast (LayerNormalization, GroupNormalization, Embedding) take none.
Goldens: /work/notes/progs/layers29/p19.py under TF 2.21 (p19.tf.out): the names between two marker
KerasTensors made before and after each case.
"""
import pytest

from framework import keras

L = keras.layers


def _k(shape, dtype='float32'):
    return keras.Input(shape, dtype=dtype)


class _Sub(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = L.Dense(2)

    def call(self, x):
        return self.d(x)


def _functional():
    inp = _k((3,))
    return keras.Model(inp, L.Dense(2)(inp))


CASES = [
    # (id, the calls, names taken as TF 2.21 numbers them: the marker after minus the marker before)
    ('dense_float64_layer', lambda: L.Dense(2, dtype='float64')(_k((3,))), 4),
    ('dense_float64_input', lambda: L.Dense(2)(_k((3,), 'float64')), 4),
    ('dense_mixed', lambda: L.Dense(2, dtype='mixed_float16')(_k((3,))), 4),
    ('dense_int_input', lambda: L.Dense(2)(_k((3,), 'int32')), 3),
    ('dense_same', lambda: L.Dense(2)(_k((3,))), 3),
    ('add_one_cast', lambda: L.Add()([_k((3,), 'float64'), _k((3,))]), 5),
    ('add_two_casts', lambda: L.Add()([_k((3,), 'float64'), _k((3,), 'float64')]), 6),
    ('concat_float16', lambda: L.Concatenate(dtype='float16')([_k((3,)), _k((3,))]), 6),
    ('layer_norm_no_autocast', lambda: L.LayerNormalization()(_k((3,), 'float64')), 3),
    ('group_norm_no_autocast', lambda: L.GroupNormalization(groups=1)(_k((3,), 'float64')), 3),
    ('embedding_no_autocast', lambda: L.Embedding(4, 2)(_k((3,), 'float64')), 3),
    ('discretization_floatx', lambda: L.Discretization([0.5])(_k((3,), 'float64')), 4),
    ('discretization_float16_layer', lambda: L.Discretization([0.5], dtype='float16')(_k((3,))), 3),
    ('normalization', lambda: L.Normalization(mean=1., variance=1.)(_k((3,), 'float64')), 4),
    ('rescaling', lambda: L.Rescaling(2.)(_k((3,), 'float64')), 4),
    ('random_flip_converts_nothing', lambda: L.RandomFlip()(_k((3, 3, 1), 'float64')), 3),
    ('random_rotation', lambda: L.RandomRotation(0.1)(_k((3, 3, 1), 'float64')), 4),
    ('resizing', lambda: L.Resizing(2, 2)(_k((3, 3, 1), 'float64')), 4),
    ('lstm_initial_state', lambda: L.LSTM(2, dtype='float64')(_k((4, 3), 'float64'),
                                                               initial_state=[_k((2,)), _k((2,))]), 7),
    ('lstm_initial_state_same', lambda: L.LSTM(2)(_k((4, 3)), initial_state=[_k((2,)), _k((2,))]), 5),
    ('multi_head_attention', lambda: L.MultiHeadAttention(1, 2, dtype='float64')(_k((2, 3)), _k((2, 3), 'float64')), 5),
    ('lambda', lambda: L.Lambda(lambda t: t * 2)(_k((3,), 'float64')), 6),
    ('activation', lambda: L.Activation('relu')(_k((3,), 'float64')), 4),
    ('bidirectional', lambda: L.Bidirectional(L.GRU(2), dtype='float64')(_k((4, 3))), 4),
    ('time_distributed', lambda: L.TimeDistributed(L.Dense(2), dtype='float64')(_k((4, 3))), 4),
    ('subclassed_model', lambda: _Sub()(_k((3,), 'float64')), 5),
    ('bfloat16_from_float16', lambda: L.Dense(2, dtype='bfloat16')(_k((3,), 'float16')), 4),
    ('mixed_bfloat16_relu', lambda: L.ReLU(dtype='mixed_bfloat16')(_k((3,))), 4),
]


def _number(name):
    return int(name.rpartition('_')[2]) if name != 'keras_tensor' else 0


@pytest.mark.parametrize('make, taken', [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_names_taken_by_a_symbolic_call(make, taken):
    before = keras.KerasTensor((1,)).name
    make()
    after = keras.KerasTensor((1,)).name
    assert _number(after) - _number(before) == taken


@pytest.mark.parametrize('model, taken', [(_functional, 3),
                                          (lambda: keras.Sequential([keras.Input((3,)), L.Dense(2)]), 4),
                                          (lambda: keras.Sequential([L.Dense(2)]), 6)],
                         ids=['functional_converts_nothing', 'sequential_input_dtype', 'sequential_unbuilt'])
def test_models_called_on_float64(model, taken):
    model = model()
    before = keras.KerasTensor((1,)).name
    model(_k((3,), 'float64'))
    after = keras.KerasTensor((1,)).name
    assert _number(after) - _number(before) == taken
