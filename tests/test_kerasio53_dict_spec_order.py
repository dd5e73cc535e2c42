"""A dict argument's keys in the order the trace was given them, as TF 2.21's trace type keeps them.

TF makes a trace's placeholders walking a dict in its own (insertion) order, so for {'b': spec, 'a': spec}
b's placeholder is 'd' and a's 'd_1'; cf.inputs list them in nest's sorted-key order (['d_1:0', 'd:0']),
structured_input_signature and the printed signature list 'b' first, and the flat call's keywords follow the
sorted order (d= is a's). Values below are TF 2.21's (probe /work/notes/progs/kerasio53/p1.py).
"""
import framework as tf

S = tf.TensorSpec

def _names(cf):
    return [t.name for t in cf.inputs]


def test_input_signature_dict_inputs_named_in_insertion_order():
    class M(tf.Module):
        @tf.function(input_signature=[{'b': S([]), 'a': S([])}])
        def s(self, d):
            return d['b'] - d['a']
    cf = M().s.get_concrete_function()
    # TF 2.21 gives ['d_1:0', 'd:0']
    assert _names(cf) == ['d_1:0', 'd:0']
    # the flat call's keywords follow nest's sorted order: d= is a's (TF 2.21 gives 4.0)
    assert float(cf(d=tf.constant(1.), d_1=tf.constant(5.))) == 4.0
    assert float(cf(tf.constant(1.), tf.constant(5.))) == 4.0


def test_input_signature_nested_dicts_and_lists():
    class M(tf.Module):
        @tf.function(input_signature=[S([]), {'z': {'y': S([]), 'x': S([])}, 'a': [S([]), S([])]}])
        def s(self, x, d):
            return x
    # TF 2.21 gives ['x:0', 'd_2:0', 'd_3:0', 'd_1:0', 'd:0']
    assert _names(M().s.get_concrete_function()) == ['x:0', 'd_2:0', 'd_3:0', 'd_1:0', 'd:0']


def test_get_concrete_function_dict_order():
    @tf.function
    def g(d):
        return d['b'] - d['a']
    cf = g.get_concrete_function({'b': S([]), 'a': S([])})
    assert _names(cf) == ['d_1:0', 'd:0']      # TF 2.21
    assert list(cf.structured_input_signature[0][0]) == ['b', 'a']


def test_call_made_trace_keeps_first_call_order():
    @tf.function
    def h(d):
        return d['b'] - d['a']
    h({'b': tf.constant(1.), 'a': tf.constant(5.)})
    # TF 2.21: the same trace for the other order (tracing count 1), named as the first call's dict
    cf = h.get_concrete_function({'a': tf.constant(1.), 'b': tf.constant(5.)})
    assert _names(cf) == ['d_1:0', 'd:0']
    assert h.experimental_get_tracing_count() == 1


def test_nested_order_in_signature_text_and_named_spec():
    @tf.function
    def k(x, d, e):
        return x
    cf = k.get_concrete_function(S([]), {'z': {'y': S([]), 'x': S([])}, 'a': [S([]), S([])]},
                                 [{'q': S([]), 'p': S([], name='P')}])
    # TF 2.21 gives these
    assert _names(cf) == ['x:0', 'd_2:0', 'd_3:0', 'd_1:0', 'd:0', 'P:0', 'e:0']
    spec = "TensorSpec(shape=(), dtype=tf.float32, name=None)"
    text = str(cf)
    assert ("  d (POSITIONAL_OR_KEYWORD): Dict[['z', Dict[['y', %s], ['x', %s]]], ['a', List[%s, %s]]]"
            % (spec, spec, spec, spec)) in text
    assert ("  e (POSITIONAL_OR_KEYWORD): List[Dict[['q', %s], ['p', TensorSpec(shape=(), dtype=tf.float32, "
            "name='P')]]]" % spec) in text
    args, _ = cf.structured_input_signature
    assert list(args[1]) == ['z', 'a'] and list(args[1]['z']) == ['y', 'x']
    assert args[1]['z']['x'].name == 'd_z_x' and args[2][0]['q'].name == 'e_0_q'
    c = tf.constant(1.)
    assert float(cf(x=c, d=c, d_1=c, d_2=c, d_3=c, e=c, P=c)) == 1.0


def test_named_spec_among_unnamed_ones():
    @tf.function
    def w(d):
        return d['b']
    cf = w.get_concrete_function({'c': S([]), 'b': S([], name='b'), 'a': S([])})
    assert _names(cf) == ['d_1:0', 'b:0', 'd:0']      # TF 2.21
