"""A loaded SavedModel signature has the graph attributes of the ConcreteFunction TF 2.21 revives:
``inputs`` (the keyword inputs' placeholders sorted by name, then 'unknown:0', 'unknown_0:0', ... one per
captured tensor), ``outputs`` ('Identity:0', ... in the output names' sorted order), ``variables`` /
``trainable_variables`` (those the graph reads, in the order it reads them), ``output_dtypes``,
``output_shapes`` and ``name``; tapeflow raised AttributeError for each. A Keras export captures its
variables in the order its call reads them (BatchNormalization's moving statistics first, a GRU cell's
bias first, a Normalization's constants in its place) and no dropout seed state, also once loaded
(probes /work/notes/progs/kerasio49/p6.py, p7.py, p8.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers


class _Module(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable([1., 2.])
        self.w = tf.Variable(3.0, name='w')
        self.n = tf.Variable(0, dtype=tf.int64)

    @tf.function(input_signature=[tf.TensorSpec((None, 2), tf.float32, name='zz'), tf.TensorSpec((), tf.int32, name='aa')])
    def g(self, x, k):
        return {'y': x + self.v * self.w, 'b': tf.reduce_sum(x, axis=1), 'a': k + 1}

    @tf.function(input_signature=[tf.TensorSpec((2,), tf.float32)])
    def h(self, x):
        return x * 2.0, x


def _placeholders(tensors):
    return [(t.name, tuple(t.shape) if t.shape.rank is not None else None, t.dtype.name) for t in tensors]


@pytest.fixture
def loaded_module(tmp_path):
    m = _Module()
    tf.saved_model.save(m, str(tmp_path / 'sm'), signatures={'g': m.g, 'h': m.h})
    return tf.saved_model.load(str(tmp_path / 'sm'))


def test_module_signature_inputs_outputs_variables(loaded_module):
    g = loaded_module.signatures['g']
    # TF 2.21 gives these lists
    assert _placeholders(g.inputs) == [('aa:0', (), 'int32'), ('zz:0', (None, 2), 'float32'),
                                       ('unknown:0', (), 'resource'), ('unknown_0:0', (), 'resource')]
    assert repr(g.inputs[1]) == "<tf.Tensor 'zz:0' shape=(None, 2) dtype=float32>"
    assert repr(g.inputs[2]) == "<tf.Tensor 'unknown:0' shape=() dtype=resource>"
    assert _placeholders(g.outputs) == [('Identity:0', (), 'int32'), ('Identity_1:0', (None,), 'float32'),
                                        ('Identity_2:0', (None, 2), 'float32')]
    assert [v.name for v in g.variables] == ['Variable:0', 'w:0']
    assert isinstance(g.variables, tuple) and g.variables[1] is loaded_module.w
    assert [v.name for v in g.trainable_variables] == ['Variable:0', 'w:0']
    # (TF's dict order varies from run to run: compared as dicts)
    assert g.output_dtypes == {'a': tf.int32, 'y': tf.float32, 'b': tf.float32}
    assert {k: repr(s) for k, s in g.output_shapes.items()} == \
        {'a': 'TensorShape([])', 'y': 'TensorShape([None, 2])', 'b': 'TensorShape([None])'}
    assert g.name.startswith(b'__inference_signature_wrapper_g_') and g.name == g.name


def test_module_signature_without_captures(loaded_module):
    h = loaded_module.signatures['h']
    assert _placeholders(h.inputs) == [('x:0', (2,), 'float32')]
    assert _placeholders(h.outputs) == [('Identity:0', (2,), 'float32'), ('Identity_1:0', (2,), 'float32')]
    assert h.variables == () and h.trainable_variables == ()
    assert h.name.startswith(b'__inference_signature_wrapper_h_')


def _exported(model, tmp_path):
    model.export(str(tmp_path / 'ex'), verbose=False)
    loaded = tf.saved_model.load(str(tmp_path / 'ex'))
    return loaded, loaded.signatures['serving_default']


def test_export_variables_in_read_order(tmp_path):
    model = keras.Sequential([keras.Input((3,)), L.Dense(2, name='d0'), L.BatchNormalization(center=False, name='bn'),
                              L.Dense(1, name='d1')], name='seq')
    loaded, sig = _exported(model, tmp_path)
    # TF 2.21: BatchNormalization's inference call reads the moving statistics before gamma
    assert [v.name for v in sig.variables] == [
        'seq/d0/kernel:0', 'seq/d0/bias:0', 'seq/bn/moving_mean:0', 'seq/bn/moving_variance:0', 'seq/bn/gamma:0',
        'seq/d1/kernel:0', 'seq/d1/bias:0']
    assert [v.name for v in sig.trainable_variables] == [
        'seq/d0/kernel:0', 'seq/d0/bias:0', 'seq/bn/gamma:0', 'seq/d1/kernel:0', 'seq/d1/bias:0']
    assert _placeholders(sig.inputs)[1:] == [('unknown:0', (), 'resource')] + \
        [('unknown_%d:0' % i, (), 'resource') for i in range(6)]
    assert _placeholders(sig.outputs) == [('Identity:0', (None, 1), 'float32')]
    x = np.ones((2, 3), 'float32')
    sig.variables[-1].assign([5.0])      # the graph reads the loaded variables
    assert np.allclose(sig(**{sig.structured_input_signature[1].popitem()[0]: x})['output_0'],
                       loaded.serve(x))


def test_export_recurrent_layers(tmp_path):
    model = keras.Sequential([keras.Input((2, 3)), L.GRU(2, return_sequences=True, name='gru'),
                              L.LSTM(2, name='lstm'), L.Dense(1, name='d')], name='rnn')
    loaded, sig = _exported(model, tmp_path)
    # TF 2.21: a GRU cell reads its bias first; the dropout seed states are not read at inference
    assert [v.name for v in sig.variables] == [
        'rnn/gru/gru_cell/bias:0', 'rnn/gru/gru_cell/kernel:0', 'rnn/gru/gru_cell/recurrent_kernel:0',
        'rnn/lstm/lstm_cell/kernel:0', 'rnn/lstm/lstm_cell/recurrent_kernel:0', 'rnn/lstm/lstm_cell/bias:0',
        'rnn/d/kernel:0', 'rnn/d/bias:0']
    assert len(sig.inputs) == 9
    assert str(sig).count('dtype=tf.resource') == 8     # the loaded print's Captures block, likewise


def test_export_constants_in_place(tmp_path):
    x = np.arange(12, dtype='float32').reshape(4, 3)
    norm = L.Normalization()
    norm.adapt(x)
    model = keras.Sequential([keras.Input((3,), name='feat'), L.Dense(3), norm, L.Dense(1)])
    loaded, sig = _exported(model, tmp_path)
    # TF 2.21: the Normalization's mean and variance between the two Dense layers' handles
    assert _placeholders(sig.inputs) == [
        ('feat:0', (None, 3), 'float32'), ('unknown:0', (), 'resource'), ('unknown_0:0', (), 'resource'),
        ('unknown_1:0', (1, 3), 'float32'), ('unknown_2:0', (1, 3), 'float32'), ('unknown_3:0', (), 'resource'),
        ('unknown_4:0', (), 'resource')]
    assert len(sig.variables) == 4


def test_export_lookup_captures_are_no_variables(tmp_path):
    model = keras.Sequential([keras.Input((2,), dtype='string', name='s'), L.StringLookup(vocabulary=['a', 'b'],
                                                                                         mask_token='')])
    loaded, sig = _exported(model, tmp_path)
    # TF 2.21's list
    assert _placeholders(sig.inputs) == [('s:0', (None, 2), 'string'), ('unknown:0', (), 'resource'),
                                         ('unknown_0:0', (), 'int64'), ('unknown_1:0', (), 'string'),
                                         ('unknown_2:0', (), 'int64')]
    assert sig.variables == ()
    assert _placeholders(sig.outputs) == [('Identity:0', (None, 2), 'int64')]
