"""A loaded SavedModel signature lists its outputs before any call when its function ran before
the save (guide/saved_model's flow: call the module, then save it with signatures). TF 2.21 traces
each signature at save, so ``loaded.signatures[k].structured_outputs`` answers at once; tapeflow
raised "this signature has not run yet" although the trace had already run and shown its outputs.
Values printed by TF 2.21 running the same code (/work/notes/progs/kerasio34/s08b_sig_outputs.py).
TF lists a tuple's 'output_N' keys in a per-process hash order, so those are compared sorted.
"""
import pytest

import framework as tf


class _Counted(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.0)
        self.calls = tf.Variable(0)

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32, name='x')])
    def serve(self, x):
        self.calls.assign_add(1)
        return tf.reduce_sum(x, axis=1) * self.v

    @tf.function
    def pair(self, a, b):
        return {'s': a + tf.cast(b, a.dtype), 'n': tf.shape(a)[0]}

    @tf.function(input_signature=[tf.TensorSpec([2], tf.int32)])
    def two(self, k):
        return k * 2, tf.cast(k, tf.float64)


@pytest.fixture
def loaded(tmp_path):
    module = _Counted()
    module.serve(tf.ones([4, 3]))
    module.two(tf.constant([1, 2]))
    pair = module.pair.get_concrete_function(tf.TensorSpec([None], tf.float32), tf.TensorSpec([None], tf.int32))
    pair(tf.ones([5]), tf.ones([5], tf.int32))
    tf.saved_model.save(module, str(tmp_path / 'd'), signatures={'serving_default': module.serve, 'pair': pair,
                                                                 'two': module.two})
    return tf.saved_model.load(str(tmp_path / 'd'))


def test_input_signature_function_lists_its_outputs(loaded):
    assert repr(loaded.signatures['serving_default'].structured_outputs) == (
        "{'output_0': TensorSpec(shape=(None,), dtype=tf.float32, name='output_0')}")


def test_concrete_function_lists_its_dict_outputs(loaded):
    assert repr(loaded.signatures['pair'].structured_outputs) == (
        "{'s': TensorSpec(shape=(None,), dtype=tf.float32, name='s'), "
        "'n': TensorSpec(shape=(), dtype=tf.int32, name='n')}")


def test_tuple_outputs_are_numbered(loaded):
    assert sorted((k, repr(v)) for k, v in loaded.signatures['two'].structured_outputs.items()) == [
        ('output_0', "TensorSpec(shape=(2,), dtype=tf.int32, name='output_0')"),
        ('output_1', "TensorSpec(shape=(2,), dtype=tf.float64, name='output_1')")]


def test_listing_outputs_does_not_run_the_function(loaded):
    loaded.signatures['serving_default'].structured_outputs
    assert loaded.calls.numpy() == 1
    out = loaded.signatures['serving_default'](x=tf.ones([2, 3]))
    assert out['output_0'].numpy().tolist() == [6.0, 6.0]
    assert loaded.calls.numpy() == 2
