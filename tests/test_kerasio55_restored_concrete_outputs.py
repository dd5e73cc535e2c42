"""A loaded function's concrete functions give their outputs as TF 2.21's revived ones: TensorSpecs named by
their place in the outputs (func_graph's encode_arg with sanitize_spec_name), the graph's outputs, dtypes and
shapes unchanged. Values from TF 2.21 (notes progs/kerasio55/p14.py, p17.py, p11.py)."""
import numpy as np

import framework as tf
from framework import keras

SPEC = [tf.TensorSpec((None,), tf.float32)]


class _Outputs(tf.Module):
    @tf.function(input_signature=SPEC)
    def one(self, x):
        return x * 2

    @tf.function(input_signature=SPEC)
    def pair(self, x):
        return [x, x + 1]

    @tf.function(input_signature=SPEC)
    def nested(self, x):
        return (x, {'k': [x, tf.cast(x, tf.int32)]})

    @tf.function(input_signature=SPEC)
    def keyed(self, x):
        return {'zz': x, 'a': 3, 'M-x': {'q': x}}


def test_revived_concrete_functions_name_their_output_specs(tmp_path):
    tf.saved_model.save(_Outputs(), str(tmp_path / 'sm'))
    loaded = tf.saved_model.load(str(tmp_path / 'sm'))
    one = loaded.one.concrete_functions[0]
    # TF 2.21: TensorSpec(shape=(None,), dtype=tf.float32, name='unknown'); tapeflow gave Tensor("Identity:0", ...)
    assert repr(one.structured_outputs) == "TensorSpec(shape=(None,), dtype=tf.float32, name='unknown')"
    assert [t.name for t in one.outputs] == ['Identity:0']
    assert repr(loaded.pair.concrete_functions[0].structured_outputs) == (
        "[TensorSpec(shape=(None,), dtype=tf.float32, name='tensor_0'), "
        "TensorSpec(shape=(None,), dtype=tf.float32, name='tensor_1')]")
    nested = loaded.nested.concrete_functions[0]
    assert repr(nested.structured_outputs) == (
        "(TensorSpec(shape=(None,), dtype=tf.float32, name='tensor_0'), {'k': ["
        "TensorSpec(shape=(None,), dtype=tf.float32, name='tensor_1_k_0'), "
        "TensorSpec(shape=(None,), dtype=tf.int32, name='tensor_1_k_1')]})")
    assert nested.output_dtypes == (tf.float32, {'k': [tf.float32, tf.int32]})
    keyed = loaded.keyed.concrete_functions[0].structured_outputs
    # TF 2.21 (its dict order follows the saved map's): names zz, a, m_x_q
    assert {key: (value.name if key != 'M-x' else value['q'].name) for key, value in keyed.items()} == \
        {'zz': 'zz', 'a': 'a', 'M-x': 'm_x_q'}
    assert keyed['a'].dtype == tf.int32 and keyed['a'].shape == ()
    # TF 2.21 traces anew there: a graph tensor
    assert repr(loaded.one.get_concrete_function().structured_outputs) == \
        "<tf.Tensor 'Identity:0' shape=(None,) dtype=float32>"
    assert loaded.one(tf.constant([1.0])).numpy().tolist() == [2.0]


def test_a_loaded_export_endpoints_concrete_function(tmp_path):
    inputs = keras.Input((3,), name='feat')
    model = keras.Model(inputs, keras.layers.Dense(2, name='d')(inputs))
    model.export(str(tmp_path / 'ex'), verbose=False)
    loaded = tf.saved_model.load(str(tmp_path / 'ex'))      # (kept: TF frees the variables with it)
    serve = loaded.serve
    # TF 2.21: TensorSpec(shape=(None, 2), dtype=tf.float32, name='unknown')
    assert repr(serve.concrete_functions[0].structured_outputs) == \
        "TensorSpec(shape=(None, 2), dtype=tf.float32, name='unknown')"
    assert serve.get_concrete_function().output_shapes == tf.TensorShape([None, 2])
    np.testing.assert_allclose(serve(np.ones((1, 3), 'float32')).numpy(), model.predict(np.ones((1, 3)), verbose=0))
