"""The tf.function guide's concrete functions against TensorFlow 2.21 (progs/tfcore5/b06_guide_cf.py,
b07_fmt.py, b08_cferr.py under /opt/tfref): outputs of traces with open shapes, a tensor formatted
in a trace, and a concrete function's binding errors with TF's flat-signature fallback line."""
import pytest

import framework as tf


def _text(value):
    return str(value).replace('tapeflow.', 'tf.')


def test_the_guides_string_concrete_function_prints_unknown_shapes():
    @tf.function
    def double(a):
        return a + a
    double_strings = double.get_concrete_function(tf.TensorSpec(shape=None, dtype=tf.string))
    assert double_strings(a=tf.constant('a')).numpy() == b'aa'
    assert str(double_strings).splitlines()[2:4] == [
        'Output Type:', '  TensorSpec(shape=<unknown>, dtype=tf.string, name=None)']
    assert _text(double_strings.structured_outputs) == 'Tensor("Identity:0", dtype=string)'


def test_an_open_batch_stays_open_in_the_outputs():
    @tf.function
    def f(x):
        return {'y': x * 2.0, 'total': tf.reduce_sum(x, axis=0), 'n': tf.reduce_sum(x)}
    cf = f.get_concrete_function(tf.TensorSpec([None, 2], tf.float32))
    cf(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
    # TF 2.21: Dict[['n', TensorSpec(shape=()...)], ['total', (2,)], ['y', (None, 2)]]
    outputs = cf.structured_outputs
    assert [tuple(outputs[k].shape) for k in ('n', 'total', 'y')] == [(), (2,), (None, 2)]
    assert 'TensorSpec(shape=(None, 2), dtype=tf.float32, name=None)' in str(cf)


def test_tensor_spec_takes_an_unknown_tensor_shape():
    assert repr(tf.TensorSpec(tf.TensorShape(None), tf.string)) == (
        'TensorSpec(shape=<unknown>, dtype=tf.string, name=None)')


def test_a_tensor_formatted_in_a_trace_is_its_graph_tensor(capsys):
    @tf.function
    def f(a):
        print('a={}'.format(a))
        with pytest.raises(TypeError, match='unsupported format string passed to SymbolicTensor.__format__'):
            '{:.2f}'.format(a)
        return a
    f(tf.constant(3.0))
    assert capsys.readouterr().out == 'a=Tensor("a:0", shape=(), dtype=float32)\n'
    assert '{:.2f}'.format(tf.constant(3.14159)) == '3.14'         # eagerly: the value's format


@tf.function
def power(a, b):
    return a ** b


@pytest.mark.parametrize('call, message', [
    (lambda p: p(tf.constant(3.0), 3),
     "due to `Can not cast 3 to Literal[2]`. Received args: (<tf.Tensor: shape=(), dtype=float32, numpy=3.0>, 3) "
     "and kwargs: {} for signature: (a: TensorSpec(shape=(), dtype=tf.float32, name=None), b: Literal[2]) -> "
     "TensorSpec(shape=(), dtype=tf.float32, name=None).\n"
     "Fallback to flat signature also failed due to: power(a) takes 1 positional arguments, got 2."),
    (lambda p: p(3.0, 3), "Received args: (3.0, 3) and kwargs: {}"),
    (lambda p: p(tf.constant(3.0), b=3),
     "Fallback to flat signature also failed due to: power(a) got unexpected keyword arguments: b."),
    (lambda p: p(),
     "due to `missing a required argument: 'a'`. Received args: () and kwargs: {} for signature: (a: TensorSpec("),
    (lambda p: p(tf.constant(1), 2),
     "due to `Can not cast TensorSpec(shape=(), dtype=tf.int32, name=None) to TensorSpec(shape=(), "
     "dtype=tf.float32, name=None)`"),
])
def test_concrete_call_errors_end_with_the_flat_signatures(call, message):
    p = power.get_concrete_function(a=tf.TensorSpec([], tf.float32), b=2)
    assert float(p(tf.constant(3.0))) == 9.0
    with pytest.raises(TypeError) as err:
        call(p)
    assert message in _text(err.value)


def test_a_tensor_of_another_dtype_reaches_the_graphs_kernel_check():
    @tf.function(input_signature=[tf.TensorSpec([None], tf.int32)])
    def g(x):
        return x + 1
    c = g.get_concrete_function()
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'as input #0\(zero-based\) was expected to be a int32 '
                                                             'tensor but is a float tensor'):
        c(tf.constant([1.0]))


def test_a_tuple_parameters_tensors_are_flat_inputs_named_after_it():
    @tf.function
    def h(pair, n):
        return pair[0] * n
    hc = h.get_concrete_function((tf.constant(1.0), tf.constant(2.0)), 3)
    with pytest.raises(TypeError) as err:
        hc(tf.constant(1.0), 3)
    assert "due to `Can not cast <tf.Tensor: shape=(), dtype=float32, numpy=1.0> to tuple type.`" in _text(err.value)
    assert _text(err.value).endswith('Fallback to flat signature also failed due to: h(pair, pair_1): expected '
                                     'argument #1(zero-based) to be a Tensor; got int (3).')
