"""model.export of a functional model called on a dict of Inputs serves that dict, as Keras 3 on TF 2.21.

Printed by TF 2.21 (/work/notes/progs/kerasio42/p26.py, here without the StringLookup):
    i = keras.Input((3,), name='num'); s = keras.Input((2,), name='cat')
    m = keras.Model({'num': i, 'cat': s}, Dense(2)(Concatenate()([i, s]))); m.export('e1')
    -> "  args_0 (POSITIONAL_ONLY): Dict[['num', TensorSpec(shape=(None, 3), dtype=tf.float32, name='num')],
        ['cat', TensorSpec(shape=(None, 2), dtype=tf.float32, name='cat')]]"
    tf.saved_model.load('e1').serve({'num': ..., 'cat': ...}) == m(...)
    serve({'num': ...}) -> TypeError "Binding inputs to tf.function failed due to `{'num': ...} has different
        keys with the TraceType Dict[...]`" (TF lists the keys in an order that changes between runs)
    signatures['serving_default'](num=..., cat=...) -> {'output_0': ...}
tapeflow before: a List[...] endpoint; serve(dict) raised TypeError 'Can not cast {...}'.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = {'num': np.arange(6, dtype='float32').reshape(2, 3), 'cat': np.ones((2, 2), 'float32')}


def _export(tmp_path, capsys):
    keras.utils.set_random_seed(1)
    i = keras.Input((3,), name='num')
    s = keras.Input((2,), name='cat')
    model = keras.Model({'num': i, 'cat': s}, keras.layers.Dense(2)(keras.layers.Concatenate()([i, s])))
    capsys.readouterr()
    model.export(str(tmp_path / 'e1'))
    return model, capsys.readouterr().out, tf.saved_model.load(str(tmp_path / 'e1'))


def test_dict_model_export_serves_its_dict(tmp_path, capsys):
    model, printed, loaded = _export(tmp_path, capsys)
    assert ("  args_0 (POSITIONAL_ONLY): Dict[['num', TensorSpec(shape=(None, 3), dtype=tf.float32, name='num')], "
            "['cat', TensorSpec(shape=(None, 2), dtype=tf.float32, name='cat')]]\n") in printed
    expected = model(X).numpy()
    np.testing.assert_array_equal(loaded.serve(X).numpy(), expected)
    out = loaded.signatures['serving_default'](num=tf.constant(X['num']), cat=tf.constant(X['cat']))
    np.testing.assert_array_equal(out['output_0'].numpy(), expected)


def test_missing_key_is_tfs_binding_error(tmp_path, capsys):
    _, _, loaded = _export(tmp_path, capsys)
    with pytest.raises(TypeError) as caught:
        loaded.serve({'num': X['num']})
    assert str(caught.value).startswith("Binding inputs to tf.function failed due to `{'num': array(")
    assert '} has different keys with the TraceType Dict[[' in str(caught.value)


def test_dict_outputs_name_the_signature_outputs(tmp_path, capsys):
    """TF 2.21 (p27.py): keras.Model([a, b], {'y1': Dense(2)(h), 'y0': Dense(1)(h)}).export('e1') prints
    "Output Type:\n  Dict[['y1', TensorSpec(shape=(None, 2), ...)], ['y0', TensorSpec(shape=(None, 1), ...)]]"
    and its signature's structured_outputs are {'y1': TensorSpec(..., name='y1'), 'y0': ...} (tapeflow
    before: List[...] and 'output_0' / 'output_1')."""
    keras.utils.set_random_seed(1)
    a = keras.Input((3,), name='a')
    b = keras.Input((2,), name='b')
    h = keras.layers.Concatenate()([a, b])
    model = keras.Model([a, b], {'y1': keras.layers.Dense(2)(h), 'y0': keras.layers.Dense(1)(h)})
    capsys.readouterr()
    model.export(str(tmp_path / 'e1'))
    printed = capsys.readouterr().out
    assert ("Output Type:\n  Dict[['y1', TensorSpec(shape=(None, 2), dtype=tf.float32, name=None)], "
            "['y0', TensorSpec(shape=(None, 1), dtype=tf.float32, name=None)]]\n") in printed
    signature = tf.saved_model.load(str(tmp_path / 'e1')).signatures['serving_default']
    assert repr(signature.structured_outputs) == (
        "{'y1': TensorSpec(shape=(None, 2), dtype=tf.float32, name='y1'), "
        "'y0': TensorSpec(shape=(None, 1), dtype=tf.float32, name='y0')}")
    xa, xb = np.ones((2, 3), 'float32'), np.ones((2, 2), 'float32')
    out = signature(a=tf.constant(xa), b=tf.constant(xb))
    expected = model([xa, xb])
    np.testing.assert_array_equal(out['y1'].numpy(), expected['y1'].numpy())
    np.testing.assert_array_equal(out['y0'].numpy(), expected['y0'].numpy())
