"""A tf.function's Python numbers given by keyword, by default or through *args / keyword-only parameters
replay the trace's own number when an equal one of another type matches it (TF 2.21 binds the call to its
parameters before keying it, 1 == 1.0 == True, and the graph holds the traced constant).

Printed by TF 2.21 (/work/notes/progs/autograph14/p3.py); tapeflow gave the call's own number (float32 1.0,
bool True) wherever the call had keywords or left a default to fill.
"""
import framework as tf


def _pairs(result):
    return [(t.dtype.name, t.numpy().item()) for t in tf.nest.flatten(result)]


def test_defaults_and_keywords_take_the_traced_numbers(capsys):
    @tf.function
    def f(x, y=2):
        print('tracing f', x, y)
        return x, y
    results = [f(1), f(1.0), f(x=True), f(1, y=2.0), f(True, 2.0)]
    # TF 2.21: (int32 1, int32 2) for all five, one trace
    assert capsys.readouterr().out == 'tracing f 1 2\n'
    assert [_pairs(r) for r in results] == [[('int32', 1), ('int32', 2)]] * 5
    assert f.experimental_get_tracing_count() == 1


def test_a_default_filled_by_the_keyword_trace():
    @tf.function
    def g(x, y=1):
        return x * tf.cast(y, x.dtype), y
    g(tf.constant(2.0), y=1.0)
    # TF 2.21: (float32 2.0, float32 1.0) for the default and for y=True (the trace for y=1.0)
    assert _pairs(g(tf.constant(2.0))) == [('float32', 2.0), ('float32', 1.0)]
    assert _pairs(g(tf.constant(2.0), y=True)) == [('float32', 2.0), ('float32', 1.0)]
    assert g.experimental_get_tracing_count() == 1


def test_a_method_and_varargs_keyword_only():
    class M(tf.Module):
        @tf.function
        def m(self, x, k=1):
            return x, k
    mm = M()
    mm.m(tf.constant(1), k=1)
    # TF 2.21: int32 k for k=1.0 and for 1.0 given positionally
    assert _pairs(mm.m(tf.constant(1), k=1.0)) == [('int32', 1), ('int32', 1)]
    assert _pairs(mm.m(tf.constant(1), 1.0)) == [('int32', 1), ('int32', 1)]

    @tf.function
    def v(x, *rest, k=1):
        return x, rest, k
    v(1, 2, k=1)
    # TF 2.21: (int32 1, (int32 2,), int32 1)
    assert _pairs(v(1.0, 2.0, k=1.0)) == [('int32', 1), ('int32', 2), ('int32', 1)]
    assert v.experimental_get_tracing_count() == 1


def test_a_tuple_default_and_kwargs_items():
    @tf.function
    def h(x, cfg=(1, 2.0)):
        return cfg
    h(tf.constant(1.0), cfg=(True, 2))
    # TF 2.21: (bool True, int32 2), the trace's tuple, for the default (1, 2.0)
    assert _pairs(h(tf.constant(1.0))) == [('bool', True), ('int32', 2)]

    @tf.function
    def d(x, **kw):
        return kw
    d(1, a=1.0)
    assert _pairs(d(1, a=True)) == [('float32', 1.0)]     # TF 2.21: {'a': float32 1.0}
