"""A tf.function traced for an input_signature binds the parameters the signature leaves to their defaults,
and TF 2.21's concrete function lists them as Literals: tf.function(model.call, input_signature=[spec]) --
what keras.export.ExportArchive.add_endpoint('serve', model.call, ...) saves -- prints 'training
(POSITIONAL_OR_KEYWORD): Literal[None]' and 'mask ...: Literal[None]' in its endpoint block, and
structured_input_signature holds the defaults ((TensorSpec(...), None, None), {}). tapeflow listed the
specs' parameters only. Its concrete function also named its own type in binding errors (no '=
<captured_default_value>'), and a spec'd parameter with a Python default is required there (probes
/work/notes/progs/kerasio48/p1.py, p2.py, p3.py)."""
import io
import re
from contextlib import redirect_stdout

import numpy as np
import pytest

import framework as tf
from framework import keras

S = tf.TensorSpec((2,), tf.float32)
OUT = 'TensorSpec(shape=(2,), dtype=tf.float32, name=None)'


def f_keyword(x, *, k=2):
    return x * k


def f_default(x, k=2, **kw):
    return x * k


def f_varargs(x, k=2, *a):
    return x * k


def f_none(x, y=None):
    return x if y is None else x + y


def f_tuple(x, k=(1, 2)):
    return x * k[0]


@pytest.mark.parametrize('fn, line, structured, block', [
    # TF 2.21's pretty_printed_signature(verbose=False), structured_input_signature and parameter lines
    (f_keyword, '(x: %s, *, k: Literal[2]) -> %s' % (OUT, OUT), ((S,), {'k': 2}),
     ['x (POSITIONAL_OR_KEYWORD): ' + OUT, 'k (KEYWORD_ONLY): Literal[2]']),
    (f_default, '(x: %s, k: Literal[2]) -> %s' % (OUT, OUT), ((S, 2), {}),
     ['x (POSITIONAL_OR_KEYWORD): ' + OUT, 'k (POSITIONAL_OR_KEYWORD): Literal[2]']),
    (f_varargs, '(x: %s, k: Literal[2], /) -> %s' % (OUT, OUT), ((S, 2), {}),
     ['x (POSITIONAL_ONLY): ' + OUT, 'k (POSITIONAL_ONLY): Literal[2]']),
    (f_none, '(x: %s, y: Literal[None]) -> %s' % (OUT, OUT), ((S, None), {}),
     ['x (POSITIONAL_OR_KEYWORD): ' + OUT, 'y (POSITIONAL_OR_KEYWORD): Literal[None]']),
    (f_tuple, '(x: %s, k: Tuple[Literal[1], Literal[2]]) -> %s' % (OUT, OUT), ((S, (1, 2)), {}),
     ['x (POSITIONAL_OR_KEYWORD): ' + OUT, 'k (POSITIONAL_OR_KEYWORD): Tuple[Literal[1], Literal[2]]']),
])
def test_defaults_are_literals_of_the_trace(fn, line, structured, block):
    concrete = tf.function(fn, input_signature=[S]).get_concrete_function()
    assert concrete.pretty_printed_signature(verbose=False) == line
    args, kwargs = concrete.structured_input_signature
    assert args[0] == tf.TensorSpec((2,), tf.float32, name='x')
    assert (args[1:], kwargs) == (structured[0][1:], structured[1])
    assert str(concrete).split('\n')[1:1 + len(block)] == ['  ' + b for b in block]
    np.testing.assert_array_equal(concrete(tf.constant([1., 2.])).numpy(), fn(np.array([1., 2.], 'float32')))


def test_concrete_function_binding_errors_name_its_type():
    g = tf.function(lambda x, k=2: x * k, input_signature=[S])
    concrete = g.get_concrete_function()
    x = tf.constant([1., 2.])
    assert concrete(x, 2).numpy().tolist() == [2., 4.] and concrete(x, k=2).numpy().tolist() == [2., 4.]
    # TF 2.21: the tf.function says '... k: Literal[2] = <captured_default_value>).', the concrete function
    # its own type, output included, then its flat signature's refusal
    with pytest.raises(TypeError, match=re.escape(
            'Can not cast 3 to Literal[2]`. Received args: (%r, 3) and kwargs: {} for signature: (x: %s, k: '
            'Literal[2] = <captured_default_value>).' % (x, OUT))):
        g(x, 3)
    with pytest.raises(TypeError) as err:
        concrete(x, 3)
    assert str(err.value).startswith('Binding inputs to tf.function failed due to `Can not cast 3 to Literal[2]`. '
                                     'Received args: (%r, 3) and kwargs: {} for signature: (x: %s, k: Literal[2]) -> '
                                     '%s.\nFallback to flat signature also failed due to: ' % (x, OUT, OUT))


def test_a_signed_parameter_is_required_on_the_concrete_function():
    concrete = tf.function(f_none, input_signature=[S, S]).get_concrete_function()
    x = tf.constant([1., 2.])
    with pytest.raises(TypeError) as err:
        concrete(x)
    # TF 2.21: "... failed due to `missing a required argument: 'y'`. ... for signature: (x: ..., y: ...) -> ..."
    assert str(err.value).startswith(
        "Binding inputs to tf.function failed due to `missing a required argument: 'y'`. Received args: (%r,) and "
        'kwargs: {} for signature: (x: %s, y: %s) -> %s.\n' % (x, OUT, OUT, OUT))


def test_a_method_with_a_default_lists_it():
    class M(tf.Module):
        @tf.function(input_signature=[S])
        def h(self, x, flag=True):
            return x

    # TF 2.21: ((TensorSpec(shape=(2,), dtype=tf.float32, name='x'), True), {})
    assert M().h.get_concrete_function().structured_input_signature == \
        ((tf.TensorSpec((2,), tf.float32, name='x'), True), {})


def test_export_archive_endpoint_of_model_call(tmp_path):
    inp = keras.Input((3,), name='x')
    model = keras.Model(inp, keras.layers.Dense(2, name='d')(inp), name='fm')
    archive = keras.export.ExportArchive()
    archive.track(model)
    archive.add_endpoint('serve', model.call, input_signature=[tf.TensorSpec((None, 3), tf.float32)])
    printed = io.StringIO()
    with redirect_stdout(printed):
        archive.write_out(str(tmp_path / 'exp'))
    # TF 2.21 prints (the capture lines follow, ids differ)
    assert printed.getvalue().split('\n')[2:8] == [
        "* Endpoint 'serve'",
        '  inputs (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(None, 3), dtype=tf.float32, name=None)',
        '  training (POSITIONAL_OR_KEYWORD): Literal[None]',
        '  mask (POSITIONAL_OR_KEYWORD): Literal[None]',
        'Output Type:',
        '  TensorSpec(shape=(None, 2), dtype=tf.float32, name=None)']
    loaded = tf.saved_model.load(str(tmp_path / 'exp'))
    x = np.arange(6, dtype='float32').reshape(2, 3)
    np.testing.assert_allclose(loaded.serve(tf.constant(x)).numpy(), model(x).numpy(), rtol=1e-6)
