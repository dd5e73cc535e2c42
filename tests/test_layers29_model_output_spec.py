"""A model's compute_output_spec gives each output's own dtype, in the outputs' structure, with Keras 3's
KerasTensor names (TF 2.21). tapeflow gave every output the model's compute dtype (float32: a StringLookup
model's int64 indices, a float64 head, an unbuilt Sequential's float16 layer) and unpacked Model(x, [y])'s list.

Keras's Function takes a shortcut where the inputs' shapes are its Inputs' (one KerasTensor per output, in
nest order), else runs through the graph deepest node first, each op's spec taking a name; a Sequential without
a graph runs its layers' compute_output_spec in turn.
Goldens: /work/notes/progs/layers29/p21.py and the m2 / m3 / m4 cases of p17.py under TF 2.21: each output's
shape, dtype and name, as the number after a marker KerasTensor made just before the call.
"""
import pytest

from framework import keras

L = keras.layers
KT = keras.KerasTensor


def _number(name):
    return 0 if name == 'keras_tensor' else int(name.rpartition('_')[2])


def _lookup_model():
    inp = keras.Input((2,), dtype='string')
    return keras.Model(inp, L.StringLookup(vocabulary=['a', 'b'])(inp))


def _two_inputs(kind):
    a = keras.Input((3,), name='a')
    b = keras.Input((3,), dtype='int32', name='b')
    h = L.Dense(4, dtype='float64')(a)
    c = L.CategoryEncoding(5)(b)
    if kind == 'dict':
        return keras.Model({'a': a, 'b': b}, {'h': h, 'c': c, 'hh': L.Dense(1)(h)})
    return keras.Model([a, b], [c, h])


def _nested(outer_head):
    a = keras.Input((3,))
    inner = keras.Model(a, L.Dense(2, dtype='float16')(a))
    x = keras.Input((3,))
    return keras.Model(x, L.Dense(1)(inner(x)) if outer_head else inner(x))


def _embedding_heads(outputs):
    inp = keras.Input((3,), dtype='int32')
    e = L.Embedding(5, 2)(inp)
    d = L.Discretization([0.5])(e)
    f = L.Dense(3, dtype='float64')(e)
    return keras.Model(inp, {'three': [e, d, f], 'one': [f], 'lone': d}[outputs])


def _built_sequential():
    model = keras.Sequential([L.Dense(2)])
    model.build((None, 3))
    return model


# (id, model, the spec's arguments, outputs as [(key or index, shape, dtype, name offset)], names taken in all)
CASES = [
    ('lookup', _lookup_model, lambda: KT((None, 2), 'string'), [(None, (None, 2), 'int64', 2)], 3),
    ('lookup_batch', _lookup_model, lambda: KT((4, 2), 'string'), [(None, (4, 2), 'int64', 2)], 3),
    ('dict', lambda: _two_inputs('dict'), lambda: {'a': KT((None, 3)), 'b': KT((None, 3), 'int32')},
     [('c', (None, 5), 'float32', 3), ('h', (None, 4), 'float64', 4), ('hh', (None, 1), 'float32', 5)], 6),
    ('dict_batch', lambda: _two_inputs('dict'), lambda: {'a': KT((2, 3)), 'b': KT((2, 3), 'int32')},
     [('h', (2, 4), 'float64', 3), ('hh', (2, 1), 'float32', 4), ('c', (2, 5), 'float32', 5)], 6),
    ('list', lambda: _two_inputs('list'), lambda: [KT((None, 3)), KT((None, 3), 'int32')],
     [(0, (None, 5), 'float32', 3), (1, (None, 4), 'float64', 4)], 5),
    ('list_batch', lambda: _two_inputs('list'), lambda: [KT((7, 3)), KT((7, 3), 'int32')],
     [(1, (7, 4), 'float64', 3), (0, (7, 5), 'float32', 4)], 5),
    ('nested', lambda: _nested(True), lambda: KT((None, 3)), [(None, (None, 1), 'float32', 2)], 3),
    ('nested_batch', lambda: _nested(True), lambda: KT((3, 3)), [(None, (3, 1), 'float32', 3)], 4),
    ('nested_float16_batch', lambda: _nested(False), lambda: KT((3, 3)), [(None, (3, 2), 'float16', 2)], 3),
    ('three_heads', lambda: _embedding_heads('three'), lambda: KT((None, 3), 'int32'),
     [(0, (None, 3, 2), 'float32', 2), (1, (None, 3, 2), 'int32', 3), (2, (None, 3, 3), 'float64', 4)], 5),
    ('list_of_one', lambda: _embedding_heads('one'), lambda: KT((None, 3), 'int32'),
     [(0, (None, 3, 3), 'float64', 2)], 3),
    ('lone_batch', lambda: _embedding_heads('lone'), lambda: KT((5, 3), 'int32'), [(None, (5, 3, 2), 'int32', 3)], 4),
    ('three_heads_batch', lambda: _embedding_heads('three'), lambda: KT((5, 3), 'int32'),
     [(0, (5, 3, 2), 'float32', 2), (1, (5, 3, 2), 'int32', 4), (2, (5, 3, 3), 'float64', 3)], 5),
    ('sequential', lambda: keras.Sequential([keras.Input((3,)), L.Dense(2, dtype='float64'), L.Activation('relu')]),
     lambda: KT((None, 3)), [(None, (None, 2), 'float32', 2)], 3),
    ('sequential_batch', lambda: keras.Sequential([keras.Input((3,)), L.Dense(2, dtype='float64'),
                                                   L.Activation('relu')]),
     lambda: KT((6, 3)), [(None, (6, 2), 'float32', 3)], 4),
    ('sequential_unbuilt', lambda: keras.Sequential([L.Dense(2, dtype='float16'), L.Dense(3)]),
     lambda: KT((None, 3)), [(None, (None, 3), 'float32', 3)], 4),
    ('sequential_unbuilt_float16', lambda: keras.Sequential([L.Dense(2, dtype='float16')]),
     lambda: KT((None, 2)), [(None, (None, 2), 'float16', 2)], 3),
    ('sequential_built', _built_sequential, lambda: KT((None, 3), 'float64'), [(None, (None, 2), 'float32', 2)], 3),
    ('sequential_built_batch', _built_sequential, lambda: KT((2, 3)), [(None, (2, 2), 'float32', 2)], 3),
    ('sequential_lookup', lambda: keras.Sequential([keras.Input((2,), dtype='string'), L.StringLookup(vocabulary=['a']),
                                                    L.Embedding(3, 2)]),
     lambda: KT((9, 2), 'string'), [(None, (9, 2, 2), 'float32', 3)], 4),
]


@pytest.mark.parametrize('model, arguments, expected, taken', [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_model_output_spec(model, arguments, expected, taken):
    model = model()
    before = _number(keras.KerasTensor((1,)).name)
    spec = model.compute_output_spec(arguments())
    after = _number(keras.KerasTensor((1,)).name)
    if expected[0][0] is None:
        assert isinstance(spec, KT)
    else:
        assert isinstance(spec, dict if isinstance(expected[0][0], str) else list) and len(spec) == len(expected)
    for key, shape, dtype, offset in expected:
        tensor = spec if key is None else spec[key]
        assert (tuple(tensor.shape), tensor.dtype, _number(tensor.name) - before) == (shape, dtype, offset)
    assert after - before == taken


def test_unbuilt_sequential_stays_unbuilt():
    model = keras.Sequential([L.Dense(2, dtype='float16'), L.Dense(3)])
    model.compute_output_spec(KT((None, 3)))
    assert model.built is False
