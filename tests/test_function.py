"""tf.function: TensorFlow 2.21's tracing as eager Python observes it.

Every expected trace count, printed line and error text below was read from
TensorFlow 2.21 (/opt/tfref, TF_CPP_MIN_LOG_LEVEL=3) running the same program,
except where a comment names a documented difference of tapeflow's eager design.
"""
import gc
import re
import sys
import threading
import warnings
import weakref

import numpy as np
import pytest

import framework as tf
from framework.function import ConcreteFunction, Function, RetracingWarning


@pytest.fixture(autouse=True)
def _quiet_retracing():
    # Many tests retrace on purpose; test_frequent_retracing_warns_as_tensorflow_logs checks the warning.
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RetracingWarning)
        yield


def _lines(text):
    return text.splitlines()


def test_python_print_shows_when_tracing_and_tf_print_on_every_call(capsys):
    @tf.function
    def f(x):
        print('Tracing with', x)
        tf.print('Executing with', x)
        return x

    f(1), f(1), f(2)
    out, err = capsys.readouterr()
    assert _lines(out) == ['Tracing with 1', 'Tracing with 2']
    assert _lines(err) == ['Executing with 1', 'Executing with 1', 'Executing with 2']
    assert f.experimental_get_tracing_count() == 2
    assert isinstance(f, Function)


def test_tf_print_to_stdout_shows_on_every_call_and_stdout_is_restored(capsys):
    saved = sys.stdout

    @tf.function
    def f(x):
        tf.print('to stdout', x, output_stream=sys.stdout)
        print('py', x)

    f(1), f(1)
    # TF prints 'py 1' first: tracing runs before the graph (framework/trace_prints.py)
    assert _lines(capsys.readouterr().out) == ['py 1', 'to stdout 1', 'to stdout 1']
    assert sys.stdout is saved


# (arguments, tracing count after the call): TF 2.21 retraces on new Python values, new
# shapes or dtypes, new structures, variables apart from tensors, and objects by identity.
class _Thing:
    pass


THING_A, THING_B = _Thing(), _Thing()
V1, V2, V3 = tf.Variable(1.0), tf.Variable(2.0), tf.Variable([1.0, 2.0])
CALLS = [
    (1, 1), (1, 1), (2, 2), (1.0, 2), (True, 2), (float('nan'), 3), (float('nan'), 3),
    (tf.constant(1), 4), (tf.constant(2), 4), (tf.constant(1.0), 5), (tf.constant([1, 2]), 6),
    (tf.constant([3, 4]), 6), (np.array([1., 2.]), 7), (np.array([3., 4.]), 7),
    ('a', 8), ('a', 8), (None, 9), ([1, 2], 10), ((1, 2), 11), ([tf.constant(1.0)], 12),
    ([tf.constant(2.0)], 12), ({'a': tf.constant(1.)}, 13), ({'a': tf.constant(3.)}, 13),
    (V1, 14), (V2, 14), (V3, 15), (THING_A, 16), (THING_A, 16), (THING_B, 17),
]


def test_retracing_follows_tensorflows_trace_types():
    f = tf.function(lambda x: None)
    counts = []
    for value, _ in CALLS:
        f(value)
        counts.append(f.experimental_get_tracing_count())
    assert counts == [count for _, count in CALLS]


def test_numpy_arguments_arrive_as_tensors_and_results_are_tensors():
    seen = []
    f = tf.function(lambda x: seen.append(type(x)) or x)
    out = f(np.array([1, 2]))
    assert seen == [tf.Tensor] and type(out) is tf.Tensor and out.dtype == tf.int64
    three = f(3)
    assert type(three) is tf.Tensor and three.dtype == tf.int32 and three.numpy() == 3
    pair = f([1, 2.0])
    assert [p.dtype for p in pair] == [tf.int32, tf.float32]
    assert f(None) is None and f({'a': 1})['a'].numpy() == 1
    read = f(tf.Variable(2.0))
    assert type(read) is tf.Tensor and read.numpy() == 2.0


def test_returning_an_object_raises_tensorflows_error():
    f = tf.function(lambda x: x)
    with pytest.raises(TypeError, match='found return value of type _Thing, which is not a Tensor or ExtensionType'):
        f(_Thing())


def test_defaults_and_keywords_bind_before_keying(capsys):
    @tf.function
    def f(x, y=1, *rest, z=3, **kw):
        print('trace', x, y, rest, z, kw)
        return x

    f(1), f(1, 1), f(1, y=1), f(x=1), f(1, 1, z=3), f(1, 1, 2), f(1, 1, 2), f(1, q=2), f(1, q=2), f(1, y=1, q=2)
    assert _lines(capsys.readouterr().out) == ['trace 1 1 () 3 {}', 'trace 1 1 (2,) 3 {}', "trace 1 1 () 3 {'q': 2}"]
    assert f.experimental_get_tracing_count() == 3
    signature = '(x, y=<captured_default_value>, *rest, z=<captured_default_value>, **kw)'
    with pytest.raises(TypeError) as err:
        f()
    assert str(err.value) == ("Binding inputs to tf.function failed due to `missing a required argument: 'x'`. "
                              'Received args: () and kwargs: {} for signature: %s.' % signature)
    with pytest.raises(TypeError, match="due to `multiple values for argument 'x'`"):
        f(1, x=2)


def test_methods_trace_per_instance(capsys):
    class M(tf.Module):
        @tf.function
        def m(self, x):
            print('trace m', x)
            return x * 2

    a, b = M(), M()
    a.m(1), a.m(1), b.m(1), a.m(2)
    counts = [a.m.experimental_get_tracing_count(), b.m.experimental_get_tracing_count(),
              M.m.experimental_get_tracing_count()]
    assert counts == [2, 1, 0] and a.m is a.m
    assert M.m(a, 1).numpy() == 2          # through the class: its own cache, self keyed by identity
    assert (M.m.experimental_get_tracing_count(), a.m.experimental_get_tracing_count()) == (1, 2)
    assert _lines(capsys.readouterr().out) == ['trace m 1', 'trace m 1', 'trace m 2', 'trace m 1']
    c = M()
    c.m(1)
    dead = weakref.ref(c)
    del c
    gc.collect()
    assert dead() is None           # the class's Function does not keep instances alive


def test_gradient_tape_sees_through_a_function_and_errors_propagate():
    v = tf.Variable(1.0)
    loss = tf.function(lambda x: v * x * x)
    with tf.GradientTape() as tape:
        x = tf.constant(3.0)
        tape.watch(x)
        y = loss(x)
    assert [g.numpy() for g in tape.gradient(y, [x, v])] == [6.0, 9.0]

    error = ValueError('boom')

    @tf.function
    def bad(x):
        raise error

    for _ in range(2):
        with pytest.raises(ValueError) as caught:
            bad(1)
        # TF 2.21 raises a new ValueError in autograph's words (framework/function_errors.py)
        assert str(caught.value).startswith('in user code:') and str(caught.value).endswith('    ValueError: boom\n')
    assert bad.experimental_get_tracing_count() == 0     # a failed trace is not counted


def test_a_keras_layer_with_a_decorated_call_trains(capsys):
    from framework import keras

    class Scale(keras.layers.Layer):
        def build(self, shape):
            self.w = self.add_weight(shape=(shape[-1], 2), initializer='ones')

        @tf.function
        def call(self, x, training=None):
            print('trace', tuple(x.shape), training)
            return tf.matmul(x, self.w)

    layer = Scale()
    x = tf.ones((3, 4))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(layer(x))
    assert tape.gradient(y, layer.trainable_weights)[0].numpy().tolist() == [[3.0, 3.0]] * 4
    layer(x), layer(x, training=True), layer(x, training=True)
    assert _lines(capsys.readouterr().out) == ['trace (3, 4) None', 'trace (3, 4) True']
    assert layer.call.experimental_get_tracing_count() == 2


def test_nested_functions_share_the_inner_cache(capsys):
    @tf.function
    def inner(x):
        print('trace inner', tuple(x.shape))
        return x * x

    @tf.function
    def outer(x):
        print('trace outer', tuple(x.shape))
        return inner(x) + 1

    assert outer(tf.constant(1.)).numpy() == 2 and outer(tf.constant(2.)).numpy() == 5
    counts = [inner.experimental_get_tracing_count(), outer.experimental_get_tracing_count()]
    inner(tf.constant(1.)), inner(tf.constant(1.))
    counts.append(inner.experimental_get_tracing_count())
    outer(tf.constant([1.]))
    inner(tf.constant([3.]))
    counts.append(inner.experimental_get_tracing_count())
    assert counts == [1, 1, 1, 2]
    assert _lines(capsys.readouterr().out) == ['trace outer ()', 'trace inner ()', 'trace outer (1,)',
                                               'trace inner (1,)']


def test_a_closure_list_appended_to_grows_once_per_trace():
    # TF 2.21 appends once (at the trace); tapeflow's replays append to a copy of the list
    external = []
    f = tf.function(lambda x: external.append(x))
    f(tf.constant(1)), f(tf.constant(2)), f(tf.constant(3))
    assert len(external) == 1 and f.experimental_get_tracing_count() == 1


COLLATZ_SIG = "(x: TensorSpec(shape=(None,), dtype=tf.int32, name=None))"


def test_input_signature_relaxes_converts_and_rejects(capsys):
    @tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.int32)])
    def next_collatz(x):
        print('Tracing with', tuple(x.shape))
        return tf.where(x % 2 == 0, x // 2, 3 * x + 1)

    assert next_collatz(tf.constant([1, 2])).numpy().tolist() == [4, 1]
    assert next_collatz(tf.constant([1, 2, 3])).numpy().tolist() == [4, 1, 10]
    for value in ([1, 2], np.array([1, 2]), np.array([1, 2], np.int32)):
        out = next_collatz(value)
        assert out.dtype == tf.int32 and out.numpy().tolist() == [4, 1]
    assert next_collatz(x=tf.constant([5])).numpy().tolist() == [16]
    assert next_collatz.experimental_get_tracing_count() == 1
    assert _lines(capsys.readouterr().out) == ['Tracing with (None,)']     # TF 2.21: the signature's shape
    rejects = [
        ((tf.constant([1.0, 2.0]),), 'Can not cast TensorSpec(shape=(2,), dtype=tf.float32, name=None) to '
                                     'TensorSpec(shape=(None,), dtype=tf.int32, name=None)'),
        ((tf.constant([[1, 2], [3, 4]]),), 'Can not cast TensorSpec(shape=(2, 2), dtype=tf.int32, name=None) to '
                                           'TensorSpec(shape=(None,), dtype=tf.int32, name=None)'),
        ((3,), 'Can not cast TensorSpec(shape=(), dtype=tf.int32, name=None) to '
               'TensorSpec(shape=(None,), dtype=tf.int32, name=None)'),
        ((tf.constant([1], tf.int64),), 'Can not cast TensorSpec(shape=(1,), dtype=tf.int64, name=None) to '
                                        'TensorSpec(shape=(None,), dtype=tf.int32, name=None)'),
        ((tf.constant([5]), tf.constant([5])), 'too many positional arguments'),
        ((), "missing a required argument: 'x'"),
    ]
    for args, reason in rejects:
        with pytest.raises(TypeError) as err:
            next_collatz(*args)
        text = str(err.value)
        assert text.startswith('Binding inputs to tf.function failed due to `%s`. Received args: ' % reason)
        assert text.endswith('for signature: %s.' % COLLATZ_SIG)


def test_input_signature_defaults_nesting_and_decoration_errors():
    g = tf.function(lambda x, y=2: x * y, input_signature=[tf.TensorSpec([None], tf.float32)])
    assert g(tf.constant([1.5])).numpy().tolist() == [3.0] and g(tf.constant([1.5]), 2).numpy().tolist() == [3.0]
    with pytest.raises(TypeError, match=r'due to `Can not cast 3 to Literal\[2\]`.* for signature: '
                                        r'\(x: TensorSpec\(shape=\(None,\), dtype=tf.float32, name=None\), '
                                        r'y: Literal\[2\] = <captured_default_value>\)\.'):
        g(tf.constant([1.5]), 3)
    nested = tf.function(lambda x: x, input_signature=[[tf.TensorSpec([None], tf.float32)]])
    assert nested([tf.constant([1.])])[0].numpy().tolist() == [1.0]
    with pytest.raises(TypeError, match=r'to list type\.`.*signature: \(x: List\[TensorSpec'):
        nested(tf.constant([1.]))

    def two(x, y):
        return x

    def keyword_only(x, *, y):
        return x

    spec = tf.TensorSpec([None], tf.float32)
    decoration_errors = [
        ((two, [spec]), 'input_signature missing type constraint for y'),
        ((lambda x: x, [spec, spec]), 'input_signature contains 1 extra type constraints.'),
        ((keyword_only, [spec]), 'Since input_signature is defined, keyword-only parameter `y` must have a '
                                 'default value'),
        ((lambda x: x, spec), "input_signature must be either a tuple or a list, got "),
        ((lambda x: x, [3]), "input_signature must be a possibly nested sequence of TensorSpec objects, got "
                             "invalid args [3] with types [<class 'int'>]."),
    ]
    for (fn, signature), message in decoration_errors:
        with pytest.raises(TypeError) as err:
            tf.function(fn, input_signature=signature)
        assert str(err.value).startswith(message)


@pytest.mark.parametrize('shapes, count', [
    # TF 2.21: (1,) exact, then (None,), then unknown rank; every float32 tensor then fits.
    ([[1.], [1., 2.], [1., 2., 3.], [[1.]], [[1., 2.]], [[1.], [2.]], 1., 2.], 3),
    ([[[1., 2.]], [[1., 2., 3.]], [[1.], [2.]], [1.]], 4),
])
def test_reduce_retracing_generalises_shapes(shapes, count):
    r = tf.function(lambda x: x, reduce_retracing=True)
    for s in shapes:
        r(tf.constant(s))
    assert r.experimental_get_tracing_count() == count
    r(tf.constant([1, 2]))          # a new dtype: one more trace; Python values stay exact
    r(1), r(2), r(2)
    assert r.experimental_get_tracing_count() == count + 3


def test_get_concrete_function_counts_a_trace_and_checks_calls(capsys):
    @tf.function
    def f(x, scale=2):
        print('Tracing f', tuple(x.shape), scale)
        return x * scale

    cf = f.get_concrete_function(tf.TensorSpec([None], tf.float32))
    assert isinstance(cf, ConcreteFunction) and f.experimental_get_tracing_count() == 1
    assert str(cf) == ('ConcreteFunction Input Parameters:\n'
                       '  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(None,), dtype=tf.float32, name=None)\n'
                       '  scale (POSITIONAL_OR_KEYWORD): Literal[2]\n'
                       'Output Type:\n'
                       '  TensorSpec(shape=(None,), dtype=tf.float32, name=None)\n'
                       'Captures:\n'
                       '  None')
    assert repr(cf.structured_input_signature) == (
        "((TensorSpec(shape=(None,), dtype=tf.float32, name='x'), 2), {})")
    assert cf(tf.constant([1., 2.])).numpy().tolist() == [2., 4.]
    assert f(tf.constant([1., 2., 3.])).numpy().tolist() == [2., 4., 6.]    # the (None,) trace serves it
    assert f.get_concrete_function(tf.constant([1., 2.])) is cf and f.experimental_get_tracing_count() == 1
    # TF prints at get_concrete_function; tapeflow cannot trace without running: at the first call.
    assert _lines(capsys.readouterr().out) == ['Tracing f (None,) 2']     # the trace's shape, as TF's
    with pytest.raises(TypeError, match=r'due to `Can not cast 3 to Literal\[2\]`'):
        cf(tf.constant([1., 2.]), 3)
    # TF 2.21 binds a concrete function's tensors by dtype only, in the graph call's words
    with pytest.raises(tf.errors.InvalidArgumentError, match='expected to be a float tensor but is a int32 tensor'):
        cf(tf.constant([1, 2]))
    g = tf.function(lambda x: x + 1, input_signature=[tf.TensorSpec([None], tf.int32)])
    assert g.get_concrete_function()(tf.constant([1])).numpy().tolist() == [2]
    # TF's text, the output's open length included (tapeflow knows it once the trace has run)
    assert str(g.get_concrete_function()) == ('ConcreteFunction Input Parameters:\n  x (POSITIONAL_OR_KEYWORD): '
                                              'TensorSpec(shape=(None,), dtype=tf.int32, name=None)\nOutput Type:\n'
                                              '  TensorSpec(shape=(None,), dtype=tf.int32, name=None)\nCaptures:\n'
                                              '  None')
    with pytest.raises(TypeError, match=r'due to `Can not cast TensorSpec\(shape=\(None,\), dtype=tf.float32'):
        g.get_concrete_function(tf.TensorSpec([None], tf.float32))
    assert g.experimental_get_tracing_count() == 1


def test_run_functions_eagerly_prints_every_call_and_counts_nothing(capsys):
    @tf.function
    def e(x):
        print('Eager trace', x)
        return x

    tf.config.run_functions_eagerly(True)
    try:
        assert tf.config.functions_run_eagerly() is True
        e(1), e(1)
        assert e.experimental_get_tracing_count() == 0
    finally:
        tf.config.run_functions_eagerly(False)
    e(1), e(1)
    assert e.experimental_get_tracing_count() == 1 and tf.config.functions_run_eagerly() is False
    assert _lines(capsys.readouterr().out) == ['Eager trace 1'] * 3


def test_frequent_retracing_warns_as_tensorflow_logs(caplog):
    # TF 2.21 logs it (WARNING:tensorflow:5 out of the last 5 calls to <function ...> triggered ...)
    f = tf.function(lambda x: x)
    with caplog.at_level('WARNING', logger='tensorflow'):
        for i in range(5):
            f(i)
    messages = [r.getMessage() for r in caplog.records if r.name == 'tensorflow']
    assert len(messages) == 1 and re.match(r'^5 out of the last 5 calls to <function .*> triggered '
                                           r'tf.function retracing\. Tracing is expensive', messages[0])


def test_decorator_forms_and_bad_arguments():
    def double(x):
        """Twice x."""
        return 2 * x

    f = tf.function(double, jit_compile=True, autograph=False, experimental_relax_shapes=True)
    assert f(tf.constant(2)).numpy() == 4 and f.__name__ == 'double' and f.__doc__ == 'Twice x.'
    assert f.python_function is double and f.__wrapped__ is double and f.input_signature is None
    assert tf.function()(double)(1).numpy() == 2 and tf.function(f) is not f
    with pytest.raises(TypeError, match='3 is not a callable object'):
        tf.function(3)
    with pytest.raises(TypeError, match="unexpected keyword argument 'foo'"):
        tf.function(double, foo=1)


def test_other_threads_print_while_a_function_replays(capsys):
    started, release = threading.Event(), threading.Event()

    @tf.function
    def waits(x):
        started.set()
        release.wait(5)
        return x

    release.set()
    waits(1)                    # the trace
    started.clear(), release.clear()
    worker = threading.Thread(target=waits, args=(1,))       # a replay: its own prints would be dropped
    worker.start()
    started.wait(5)
    print('from the main thread')
    release.set()
    worker.join()
    assert 'from the main thread' in capsys.readouterr().out
