"""tf.saved_model.save of a Keras functional model with several inputs serves TF 2.21's default signature:
one keyword per input tensor, 'inputs', 'inputs_1', ... in the flat order of the model's input structure
(a dict's keys sorted, a nested list flattened), each with its Input's shape (batch open) and dtype, the
model called with them put back in that structure; outputs as the model returns them (a dict keeps its
keys, a list is output_0, output_1). tapeflow served one 'inputs' keyword without a spec (its
structured_input_signature raised AttributeError, sig(inputs=..., inputs_1=...) "got an unexpected keyword
argument 'inputs_1'") and named a dict's outputs output_0, output_1 (probes /work/notes/progs/kerasio51/p14.py,
p15.py)."""
import numpy as np

import framework as tf
from framework import keras


def _signature(model, tmp_path):
    tf.saved_model.save(model, str(tmp_path / 'sm'))
    return tf.saved_model.load(str(tmp_path / 'sm')).signatures['serving_default']


def _specs(specs):
    return sorted((name, tuple(s.shape), s.dtype.name, s.name) for name, s in specs.items())


def test_two_inputs_and_a_dict_of_outputs(tmp_path):
    keras.utils.set_random_seed(0)
    a = keras.Input((3,), name='a')
    b = keras.Input((2,), name='bb', dtype='float64')
    x = keras.layers.Concatenate()([keras.layers.Dense(2)(a), keras.layers.Dense(2)(b)])
    model = keras.Model([a, b], {'o': keras.layers.Dense(1)(x), 'p': keras.layers.Dense(2)(x)})
    sig = _signature(model, tmp_path)
    # TF 2.21's specs
    assert _specs(sig.structured_input_signature[1]) == [('inputs', (None, 3), 'float32', 'inputs'),
                                                         ('inputs_1', (None, 2), 'float64', 'inputs_1')]
    assert _specs(sig.structured_outputs) == [('o', (None, 1), 'float32', 'o'), ('p', (None, 2), 'float32', 'p')]
    xa, xb = np.ones((2, 3), 'float32'), np.ones((2, 2), 'float64')
    out = sig(inputs=tf.constant(xa), inputs_1=tf.constant(xb))
    want = model([xa, xb])
    assert sorted(out) == ['o', 'p']
    np.testing.assert_allclose(out['o'].numpy(), want['o'].numpy(), rtol=1e-6)
    np.testing.assert_allclose(out['p'].numpy(), want['p'].numpy(), rtol=1e-6)


def test_dict_and_nested_inputs_list_outputs(tmp_path):
    a = keras.Input((3,), name='x')
    b = keras.Input((2,), name='y')
    c = keras.Input((2,), name='c', dtype='int32')
    h = keras.layers.Concatenate()([a, b])
    model = keras.Model({'x': a, 'y': b}, [keras.layers.Dense(1)(h), keras.layers.Dense(2)(h)])
    sig = _signature(model, tmp_path / 'd')
    assert _specs(sig.structured_input_signature[1]) == [('inputs', (None, 3), 'float32', 'inputs'),
                                                         ('inputs_1', (None, 2), 'float32', 'inputs_1')]
    assert _specs(sig.structured_outputs) == [('output_0', (None, 1), 'float32', 'output_0'),
                                              ('output_1', (None, 2), 'float32', 'output_1')]
    out = sig(inputs=tf.ones((2, 3)), inputs_1=tf.ones((2, 2)))
    assert sorted((k, tuple(v.shape)) for k, v in out.items()) == [('output_0', (2, 1)), ('output_1', (2, 2))]
    cast = keras.layers.Lambda(lambda t: keras.ops.cast(t, 'float32'), output_shape=(2,))
    nested = keras.Model([a, [b, c]], keras.layers.Dense(1)(keras.layers.Concatenate()([a, b, cast(c)])))
    sig = _signature(nested, tmp_path / 'n')
    assert _specs(sig.structured_input_signature[1]) == [('inputs', (None, 3), 'float32', 'inputs'),
                                                         ('inputs_1', (None, 2), 'float32', 'inputs_1'),
                                                         ('inputs_2', (None, 2), 'int32', 'inputs_2')]
    out = sig(inputs=tf.ones((2, 3)), inputs_1=tf.ones((2, 2)), inputs_2=tf.ones((2, 2), tf.int32))
    assert list(out) == ['output_0'] and tuple(out['output_0'].shape) == (2, 1)


def test_one_input_in_a_dict(tmp_path):
    a = keras.Input((3,), name='x')
    sig = _signature(keras.Model({'x': a}, keras.layers.Dense(1)(a)), tmp_path)
    assert _specs(sig.structured_input_signature[1]) == [('inputs', (None, 3), 'float32', 'inputs')]
    assert tuple(sig(inputs=tf.ones((2, 3)))['output_0'].shape) == (2, 1)


def test_a_loaded_export_endpoint_prints_as_tf_restored_function(tmp_path):
    a, b = keras.Input((3,), name='a'), keras.Input((2,), name='bb')
    model = keras.Model([a, b], keras.layers.Dense(1)(keras.layers.Concatenate()([a, b])))
    model.export(str(tmp_path / 'ex'), verbose=False)
    loaded = tf.saved_model.load(str(tmp_path / 'ex'))
    # TF 2.21: '<tensorflow.python.saved_model.function_deserialization.RestoredFunction object at 0x...>'
    assert repr(loaded.serve).startswith(
        '<tensorflow.python.saved_model.function_deserialization.RestoredFunction object at 0x')
    assert tuple(loaded.serve([tf.ones((2, 3)), tf.ones((2, 2))]).shape) == (2, 1)
