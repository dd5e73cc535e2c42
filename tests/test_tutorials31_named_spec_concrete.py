"""get_concrete_function(tf.TensorSpec(..., name='inp')) keeps the spec's name, as TF 2.21 names the
trace's placeholder: structured_input_signature lists name='inp', the trace prints Tensor("inp:0", ...),
and a SavedModel signature made from it takes the keyword 'inp' (tapeflow named it after the parameter,
'x', so the loaded signature refused sig(inp=...) with "missing a required argument: 'x'"). Names do not
split traces: a later call with plain tensors uses the same trace. Values: TF 2.21 (notes
progs/tutorials31/q15.py, q16.py)."""
import framework as tf


class _M(tf.Module):
    @tf.function
    def f(self, x):
        return {'out': x * 2}


def test_a_saved_signature_takes_the_spec_name(tmp_path):
    m = _M()
    cf = m.f.get_concrete_function(tf.TensorSpec([None], tf.float32, name='inp'))
    assert repr(cf.structured_input_signature) == \
        "((TensorSpec(shape=(None,), dtype=tf.float32, name='inp'),), {})"
    tf.saved_model.save(m, str(tmp_path / 'model'), signatures=cf)
    sig = tf.saved_model.load(str(tmp_path / 'model')).signatures['serving_default']
    assert repr(sig.structured_input_signature) == \
        "((), {'inp': TensorSpec(shape=(None,), dtype=tf.float32, name='inp')})"
    assert sig(inp=tf.constant([1.0, 2.0]))['out'].numpy().tolist() == [2.0, 4.0]
    assert cf(tf.constant([3.0]))['out'].numpy().tolist() == [6.0]


def test_the_trace_prints_the_spec_name_and_serves_plain_calls(capsys):
    class N(tf.Module):
        @tf.function
        def g(self, a, b):
            print('Tracing g', a, b)
            return a + b
    n = N()
    cf = n.g.get_concrete_function(tf.TensorSpec([2], tf.float32, name='first'), tf.TensorSpec([2], tf.float32))
    assert repr(cf.structured_input_signature) == (
        "((TensorSpec(shape=(2,), dtype=tf.float32, name='first'), "
        "TensorSpec(shape=(2,), dtype=tf.float32, name='b')), {})")
    assert cf(tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0])).numpy().tolist() == [4.0, 6.0]
    assert n.g(tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0])).numpy().tolist() == [4.0, 6.0]
    assert n.g.experimental_get_tracing_count() == 1
    assert capsys.readouterr().out == (
        'Tracing g Tensor("first:0", shape=(2,), dtype=float32) Tensor("b:0", shape=(2,), dtype=float32)\n')
