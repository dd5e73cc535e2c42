"""``tf.function(f).function_type`` as TensorFlow 2.21 prints it (/work/notes/progs/concretefn/fn_ftype.py)."""
import framework as tf
from framework import keras


def test_plain_function_shows_captured_defaults_and_parameter_kinds():
    @tf.function
    def a(x, y=1, *args, z, w=3, **kw):
        return x
    assert str(a.function_type) == '(x, y=<captured_default_value>, *args, z, w=<captured_default_value>, **kw)'
    assert repr(a.function_type) == ('Input Parameters:\n'
                                     '  x (POSITIONAL_OR_KEYWORD): None\n'
                                     '  y (POSITIONAL_OR_KEYWORD): None\n'
                                     '  args (VAR_POSITIONAL): None\n'
                                     '  z (KEYWORD_ONLY): None\n'
                                     '  w (KEYWORD_ONLY): None\n'
                                     '  kw (VAR_KEYWORD): None\n'
                                     'Output Type:\n  None\nCaptures:\n  None')

    @tf.function
    def b():
        return 1
    assert str(b.function_type) == '()'


def test_input_signature_annotates_each_parameter():
    @tf.function(input_signature=[tf.TensorSpec([None], tf.int32, name='q'),
                                  (tf.TensorSpec([], tf.float32), tf.TensorSpec([2], tf.float32))])
    def c(v, p):
        return v
    assert str(c.function_type) == (
        "(v: TensorSpec(shape=(None,), dtype=tf.int32, name='q'), p: Tuple[TensorSpec(shape=(), dtype=tf.float32, "
        "name=None), TensorSpec(shape=(2,), dtype=tf.float32, name=None)])")


def test_methods_drop_self_and_layers_take_args_and_kwargs():
    class M(tf.Module):
        @tf.function
        def f(self, x, k=None):
            return x

        @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
        def g(self, x):
            return x
    m = M()
    assert str(m.f.function_type) == '(x, k=<captured_default_value>)'
    assert str(m.g.function_type) == '(x: TensorSpec(shape=(), dtype=tf.float32, name=None))'
    assert str(tf.function(keras.layers.Dense(2)).function_type) == '(*args, **kwargs)'


def test_pretty_printed_concrete_signatures_not_verbose_is_a_line_per_trace():
    v = tf.Variable(1.0)

    @tf.function
    def f(x, k=2):
        return x * k * v
    f(tf.constant(1.0))
    f(tf.constant([1.0, 2.0]), k=3)
    assert f.pretty_printed_concrete_signatures(verbose=False) == (
        '(x: TensorSpec(shape=(), dtype=tf.float32, name=None), k: Literal[2]) -> '
        'TensorSpec(shape=(), dtype=tf.float32, name=None)\n'
        '(x: TensorSpec(shape=(2,), dtype=tf.float32, name=None), k: Literal[3]) -> '
        'TensorSpec(shape=(2,), dtype=tf.float32, name=None)')
    assert f.pretty_printed_concrete_signatures().count('Input Parameters:') == 2
