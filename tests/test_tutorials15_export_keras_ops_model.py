"""A functional model built with operators or keras.ops on its Input exports and reloads.

The SavedModel migration guide (tensorflow/docs guide/migrate/saved_model) builds
`keras.Model(inp, add_two(inp))` with `add_two = lambda x: x + 2` and exports it. tapeflow's
keras.ops functions claimed the module of the op they wrap, so pickle (tapeflow's SavedModel
stores objects by reference) found another object there and refused the model ("Can't pickle
<function add>: it's not the same object as framework.keras.ops_math.add"). TF 2.21 also prints
'  None' under 'Captures:' for a graph without captures. Goldens printed by /opt/tfref/bin/python
running /work/notes/progs/tutorials15/probe_export.py.
"""
import pickle

import framework as tf
from framework import keras


def test_keras_ops_functions_pickle_as_themselves():
    for name in ('add', 'mean', 'multiply', 'relu', 'negative'):
        fn = getattr(keras.ops, name)
        assert pickle.loads(pickle.dumps(fn)) is fn


def test_operator_model_exports_reloads_and_serves(tmp_path, capsys):
    inp = keras.Input((3,))
    model = keras.Model(inputs=inp, outputs=inp + 2)
    model.export(str(tmp_path / 'keras-model'))
    printed = capsys.readouterr().out.splitlines()
    assert printed[-2:] == ['Captures:', '  None']
    loaded = tf.saved_model.load(str(tmp_path / 'keras-model'))
    assert loaded.serve(tf.constant([[5., 1., 2.]])).numpy().tolist() == [[7., 3., 4.]]
    layer = keras.layers.TFSMLayer(str(tmp_path / 'keras-model'), call_endpoint='serving_default')
    assert layer(tf.constant([[1., 3., 4.]]))['output_0'].numpy().tolist() == [[3., 5., 6.]]


def test_keras_ops_model_exports(tmp_path):
    inp = keras.Input((2,))
    model = keras.Model(inp, keras.ops.mean(inp * inp - 1.0, axis=-1))
    model.export(str(tmp_path / 'm2'), verbose=False)
    assert tf.saved_model.load(str(tmp_path / 'm2')).serve(tf.constant([[1., 3.]])).numpy().tolist() == [4.]
