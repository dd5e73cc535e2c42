"""guide/function's tracing prints with structured arguments: TensorFlow 2.21 makes one placeholder per
tensor of an argument (a tuple, namedtuple, list, dict in insertion order), named after the parameter and
numbered as the graph makes names unique ('x:0', 'x_1:0'); ``*args`` as args_0, args_0_1, args_1,
``**kwargs`` by keyword, a named TensorSpec by its name. A print in the trace shows them as symbolic tensors,
not their values. Also the namedtuple texts of pretty_printed_concrete_signatures, and an input_signature
concrete function called with another static shape. Values: TF 2.21 (notes progs/tutorials31/q1.py, q2.py,
fn_retrace.py)."""
import collections

import framework as tf

Point = collections.namedtuple('Point', ['x', 'y'])


def _traced(capsys, fn, *args, **kwargs):
    fn(*args, **kwargs)
    return capsys.readouterr().out.strip()


def test_a_namedtuple_and_a_list_argument_print_as_placeholders(capsys):
    @tf.function
    def f(x):
        print('Tracing f with', x)
        return x
    assert _traced(capsys, f, Point(tf.constant(1), tf.constant(2))) == (
        "Tracing f with Point(x=<tf.Tensor 'x:0' shape=() dtype=int32>, y=<tf.Tensor 'x_1:0' shape=() dtype=int32>)")
    assert _traced(capsys, f, [tf.constant(1), 2, {'a': tf.constant([1.0])}]) == (
        "Tracing f with [<tf.Tensor 'x:0' shape=() dtype=int32>, 2, "
        "{'a': <tf.Tensor 'x_1:0' shape=(1,) dtype=float32>}]")
    assert _traced(capsys, f, {'b': tf.constant(1), 'a': tf.constant(2)}) == (
        "Tracing f with {'b': <tf.Tensor 'x:0' shape=() dtype=int32>, 'a': <tf.Tensor 'x_1:0' shape=() dtype=int32>}")


def test_each_parameter_numbers_its_own_tensors_and_a_dict_parameter_is_not_kwargs(capsys):
    @tf.function
    def f(a, b, c=None):
        print('Tracing', a, b, c)
        return a
    assert _traced(capsys, f, (tf.constant(1), tf.constant(2)), tf.constant(3),
                   {'z': tf.constant(1), 'y': [tf.constant(2), 5]}) == (
        "Tracing (<tf.Tensor 'a:0' shape=() dtype=int32>, <tf.Tensor 'a_1:0' shape=() dtype=int32>) "
        "Tensor(\"b:0\", shape=(), dtype=int32) {'z': <tf.Tensor 'c:0' shape=() dtype=int32>, "
        "'y': [<tf.Tensor 'c_1:0' shape=() dtype=int32>, 5]}")


def test_varargs_and_kwargs(capsys):
    @tf.function
    def k(*args, **kw):
        print('Tracing k', args, kw)
        return args
    assert _traced(capsys, k, (tf.constant(1), tf.constant(2)), tf.constant(3), q=(tf.constant(4),)) == (
        "Tracing k ((<tf.Tensor 'args_0:0' shape=() dtype=int32>, <tf.Tensor 'args_0_1:0' shape=() dtype=int32>), "
        "<tf.Tensor 'args_1:0' shape=() dtype=int32>) {'q': (<tf.Tensor 'q:0' shape=() dtype=int32>,)}")


def test_relaxed_and_signature_shapes_inside_structures(capsys):
    @tf.function(reduce_retracing=True)
    def g(a):
        print('Tracing g', a)
        return a
    assert _traced(capsys, g, [tf.constant([1, 2]), tf.constant(1.0)]) == (
        "Tracing g [<tf.Tensor 'a:0' shape=(2,) dtype=int32>, <tf.Tensor 'a_1:0' shape=() dtype=float32>]")
    assert _traced(capsys, g, [tf.constant([1, 2, 3]), tf.constant(1.0)]) == (
        "Tracing g [<tf.Tensor 'a:0' shape=(None,) dtype=int32>, <tf.Tensor 'a_1:0' shape=() dtype=float32>]")

    @tf.function(input_signature=[(tf.TensorSpec([None]), tf.TensorSpec([2], name='nm'))])
    def h(a):
        print('Tracing h', a)
        return a
    assert _traced(capsys, h, (tf.constant([1.0]), tf.constant([1.0, 2.0]))) == (
        "Tracing h (<tf.Tensor 'a:0' shape=(None,) dtype=float32>, <tf.Tensor 'nm:0' shape=(2,) dtype=float32>)")


def test_namedtuple_signature_texts():
    @tf.function
    def f(x):
        return x
    f(Point(tf.constant(1), tf.constant(2)))
    spec = "TensorSpec(shape=(), dtype=tf.int32, name=None)"
    point = "Point[['x', %s], ['y', %s]]" % (spec, spec)
    assert f.pretty_printed_concrete_signatures() == (
        'Input Parameters:\n  x (POSITIONAL_OR_KEYWORD): %s\nOutput Type:\n  %s\nCaptures:\n  None' % (point, point))


def test_a_signature_concrete_function_takes_another_static_shape():
    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32), tf.TensorSpec([], tf.int32)])
    def sig(x, n):
        return tf.reduce_sum(x) * tf.cast(n, tf.float32)
    cf = sig.get_concrete_function()
    assert float(cf(tf.ones([1, 3]), tf.constant(4))) == 12.0
    assert float(cf(tf.ones([1, 2]), tf.constant(4))) == 8.0


def test_a_function_without_docstring_has_an_empty_doc():
    def plain(x):
        return x

    def documented(x):
        """Adds one."""
        return x + 1
    assert tf.function(plain).__doc__ == ''
    assert tf.function(documented).__doc__ == 'Adds one.'
