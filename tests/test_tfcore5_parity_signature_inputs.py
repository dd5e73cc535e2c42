"""A loaded SavedModel signature lists its keyword inputs as TensorFlow 2.21's
(progs/tfcore5/c12_savedfn.py under /opt/tfref): ((), {'x': TensorSpec(..., name='x')})."""
import framework as tf


class _Scaler(tf.Module):
    def __init__(self):
        self.v = tf.Variable(2.0)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def scale(self, x):
        return {'out': x * self.v}


def test_a_loaded_signature_names_its_input_specs(tmp_path):
    module = _Scaler()
    tf.saved_model.save(module, str(tmp_path), signatures={'serving_default': module.scale})
    signature = tf.saved_model.load(str(tmp_path)).signatures['serving_default']
    assert repr(signature.structured_input_signature) == (
        "((), {'x': TensorSpec(shape=(None,), dtype=tf.float32, name='x')})")
    assert signature(x=tf.constant([1.0, 2.0]))['out'].numpy().tolist() == [2.0, 4.0]
