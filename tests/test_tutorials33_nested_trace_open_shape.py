"""guide/intro_to_modules and saved_model: a module's @tf.function __call__ called from its
serve(input_signature=[TensorSpec([None, 3])]) is traced by TensorFlow 2.21 on serve's (None, 3) placeholder:
__call__ gains a (None, 3) trace (tracing count 1 -> 2), later eager calls of any batch size reuse it (no third
trace), and a SavedModel keeps it, so the loaded __call__ takes 3 rows. tapeflow keyed the inner call by the real
(1, 3), counted 1, traced (2, 3) anew, and the loaded call of 3 rows raised 'Could not find matching concrete
function'. Values: TF 2.21 (notes progs/tutorials33/m6_nested_traces.py)."""
import numpy as np

import framework as tf


class Seq(tf.Module):
    def __init__(self):
        self.w = tf.Variable(tf.ones([3, 2]))

    @tf.function
    def __call__(self, x):
        return tf.matmul(x, self.w)

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    def serve(self, x):
        return self(x) * 2.0


def test_the_inner_function_gains_the_outer_open_trace(tmp_path):
    m = Seq()
    m(tf.constant([[1.0, 2.0, 3.0]]))
    assert (m.__call__.experimental_get_tracing_count(), m.serve.experimental_get_tracing_count()) == (1, 0)
    assert m.serve(tf.constant([[1.0, 2.0, 3.0]])).numpy().tolist() == [[12.0, 12.0]]
    assert (m.__call__.experimental_get_tracing_count(), m.serve.experimental_get_tracing_count()) == (2, 1)
    assert m(tf.constant([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])).numpy().tolist() == [[6.0, 6.0], [3.0, 3.0]]
    assert m.__call__.experimental_get_tracing_count() == 2
    assert m.__call__.pretty_printed_concrete_signatures().count('Input Parameters') == 2
    tf.saved_model.save(m, str(tmp_path / 'a'))
    loaded = tf.saved_model.load(str(tmp_path / 'a'))
    out = loaded(tf.constant([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0], [0.0, 0.0, 1.0]]))
    np.testing.assert_array_equal(out.numpy(), [[6.0, 6.0], [3.0, 3.0], [1.0, 1.0]])


def test_a_fully_known_outer_trace_keys_the_inner_call_by_its_shape():
    m = Seq()

    @tf.function
    def outer(x):
        return m(x) + 1.0
    outer(tf.constant([[1.0, 2.0, 3.0]]))
    m(tf.constant([[1.0, 2.0, 3.0]]))
    assert m.__call__.experimental_get_tracing_count() == 1
