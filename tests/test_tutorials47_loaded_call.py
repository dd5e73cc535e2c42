"""A loaded SavedModel's tf.functions as TF 2.21's RestoredFunction (the modules guide's saved module).

Printed by TF 2.21 (/tmp/t47_cf_tf.py, modules3.py in reports48/tutorials47.md): type(loaded.__call__).__name__ is
'RestoredFunction'; its concrete_functions are one per saved trace, with structured_input_signature
((TensorSpec(shape=(), dtype=tf.float32, name='x'),), {}) and ((TensorSpec(shape=(2,), ...name='x'),), {});
tapeflow's loaded.__call__ was a bound method without them.
"""
import pytest

import framework as tf


class _M(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.0)

    @tf.function
    def __call__(self, x):
        return x * self.v

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def double(self, x):
        return 2 * x * self.v


def test_loaded_call_is_a_restored_function(tmp_path):
    m = _M()
    m(tf.constant(1.0))
    m(tf.constant([1.0, 2.0]))
    tf.saved_model.save(m, str(tmp_path / 'sm'))
    loaded = tf.saved_model.load(str(tmp_path / 'sm'))
    assert callable(loaded) and type(loaded.__call__).__name__ == 'RestoredFunction'
    assert [c.structured_input_signature for c in loaded.__call__.concrete_functions] == [
        ((tf.TensorSpec(shape=(), dtype=tf.float32, name='x'),), {}),
        ((tf.TensorSpec(shape=(2,), dtype=tf.float32, name='x'),), {})]
    assert float(loaded(tf.constant(3.0))) == 6.0
    assert float(loaded.__call__(tf.constant(3.0))) == 6.0
    with pytest.raises(ValueError, match='Could not find matching concrete function'):
        loaded(tf.constant([1.0, 2.0, 3.0]))
    assert [c.structured_input_signature for c in loaded.double.concrete_functions] == [
        ((tf.TensorSpec(shape=(None,), dtype=tf.float32, name='x'),), {})]
    assert 'concrete_functions' in dir(loaded.double) and 'get_concrete_function' in dir(loaded.double)
