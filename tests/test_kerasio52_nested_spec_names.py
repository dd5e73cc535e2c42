"""TensorSpec names inside a structured argument of get_concrete_function, and names in a trace's identity,
as TF 2.21 keeps them: f.get_concrete_function({'a': TensorSpec([1], name='aa'), 'b': TensorSpec([1])},
TensorSpec([], name='kk')) prints the dict's spec as name='aa', its placeholders are 'aa:0', 'd:0', 'kk:0'
and the flat call takes aa=, d=, kk=; an input_signature's nested specs name the flat inputs likewise
('k', 'l', 'k_1') and the flat call takes them in order. A spec's name is part of the trace's type: a
spec named 'b' does not get the trace made for 'a' (an unnamed one does). tapeflow lost the nested names
(d, d_1) and served every name with the first trace (probes /work/notes/progs/kerasio52/p1.py - p3.py, p8.py).
Every expected value below is TF 2.21's output."""
import pytest

import framework as tf


def _c():
    @tf.function
    def c(d, k):
        print('trace', d['a'].name, d['b'].name, k.name)
        return d['a'] + d['b'] * k
    return c


def _named_cf():
    c = _c()
    return c.get_concrete_function({'a': tf.TensorSpec([1], name='aa'), 'b': tf.TensorSpec([1])},
                                   tf.TensorSpec([], name='kk'))


def test_dict_spec_name_is_kept(capsys):
    cf = _named_cf()
    assert capsys.readouterr().out == 'trace aa:0 d:0 kk:0\n'
    dict_text = ("Dict[['a', TensorSpec(shape=(1,), dtype=tf.float32, name='aa')], "
                 "['b', TensorSpec(shape=(1,), dtype=tf.float32, name=None)]]")
    assert str(cf.function_type) == ("(d: %s, k: TensorSpec(shape=(), dtype=tf.float32, name='kk')) -> "
                                     "TensorSpec(shape=(1,), dtype=tf.float32, name=None)" % dict_text)
    assert str(cf).splitlines()[:3] == ['ConcreteFunction Input Parameters:',
                                        '  d (POSITIONAL_OR_KEYWORD): ' + dict_text,
                                        "  k (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(), dtype=tf.float32, "
                                        "name='kk')"]
    assert [t.name for t in cf.inputs] == ['aa:0', 'd:0', 'kk:0']
    (d, k), kwargs = cf.structured_input_signature
    assert (d['a'].name, d['b'].name, k.name, kwargs) == ('aa', 'd_b', 'kk', {})


def test_dict_spec_flat_calls():
    cf = _named_cf()
    one, two, three = tf.constant([1.]), tf.constant([2.]), tf.constant(3.)
    assert cf({'a': one, 'b': two}, three).numpy().tolist() == [7.0]
    assert cf(aa=one, d=two, kk=three).numpy().tolist() == [7.0]
    assert cf(one, two, three).numpy().tolist() == [7.0]
    with pytest.raises(TypeError) as raised:
        cf(d=two)
    assert str(raised.value).endswith(
        "-> TensorSpec(shape=(1,), dtype=tf.float32, name=None).\n"
        "Fallback to flat signature also failed due to: c(aa, d, kk) missing required arguments: aa, kk.")


def test_repeated_names_in_nested_lists():
    @tf.function
    def g(p, q=None):
        return p[0] + p[1][0] + q
    cg = g.get_concrete_function([tf.TensorSpec([], name='x'), (tf.TensorSpec([], name='x'),)],
                                 tf.TensorSpec([], name='x'))
    assert [t.name for t in cg.inputs] == ['x:0', 'x_1:0', 'x_2:0']
    assert str(cg).splitlines()[1] == (
        "  p (POSITIONAL_OR_KEYWORD): List[TensorSpec(shape=(), dtype=tf.float32, name='x'), "
        "Tuple[TensorSpec(shape=(), dtype=tf.float32, name='x')]]")
    (p, q), _ = cg.structured_input_signature
    assert (p[0].name, p[1][0].name, q.name) == ('x', 'x', 'x')
    assert float(cg(x=tf.constant(1.), x_1=tf.constant(2.), x_2=tf.constant(4.))) == 7.0
    assert float(cg(tf.constant(1.), tf.constant(2.), tf.constant(4.))) == 7.0


def test_input_signature_nested_names(capsys):
    @tf.function(input_signature=[[tf.TensorSpec([], name='k'), tf.TensorSpec([])], tf.TensorSpec([], name='k')])
    def dup(l, z):
        print('trace dup', l[0].name, l[1].name, z.name)
        return l[0] + l[1] * 2. + z * 4.
    cd = dup.get_concrete_function()
    assert capsys.readouterr().out == 'trace dup k:0 l:0 k_1:0\n'
    assert [t.name for t in cd.inputs] == ['k:0', 'l:0', 'k_1:0']
    assert float(cd(tf.constant(1.), tf.constant(2.), tf.constant(4.))) == 21.0
    assert float(cd(k=tf.constant(1.), l=tf.constant(2.), k_1=tf.constant(4.))) == 21.0
    assert float(cd([tf.constant(1.), tf.constant(2.)], tf.constant(4.))) == 21.0
    with pytest.raises(TypeError) as raised:
        cd(k=tf.constant(1.))
    assert str(raised.value).endswith('Fallback to flat signature also failed due to: dup(k, l, k_1) missing '
                                      'required arguments: k_1, l.')


def test_input_signature_dict_flat_order():
    @tf.function(input_signature=[{'b': tf.TensorSpec([None], name='bb'), 'a': tf.TensorSpec([None])}])
    def ds(d):
        return d['a'] * 2. + d['b'] * 10.
    cs = ds.get_concrete_function()
    assert [t.name for t in cs.inputs] == ['d:0', 'bb:0']       # (the flat order is the sorted keys')
    assert cs(tf.constant([1.]), tf.constant([2.])).numpy().tolist() == [22.0]
    assert cs(d=tf.constant([1.]), bb=tf.constant([2.])).numpy().tolist() == [22.0]


def test_spec_name_is_part_of_the_trace(capsys):
    @tf.function
    def f(x):
        print('trace', x.name)
        return x * 2.
    a = f.get_concrete_function(tf.TensorSpec([], name='a'))
    b = f.get_concrete_function(tf.TensorSpec([], name='b'))
    unnamed = f.get_concrete_function(tf.TensorSpec([]))
    assert (a is b, a is unnamed, f.experimental_get_tracing_count()) == (False, True, 2)
    assert float(f(tf.constant(1.))) == 2.0 and f.experimental_get_tracing_count() == 2
    assert f.get_concrete_function(tf.TensorSpec([], name='a')) is a
    assert [t.name for t in b.inputs] == ['b:0']
    assert capsys.readouterr().out == 'trace a:0\ntrace b:0\n'


def test_named_spec_after_a_call_traces_anew(capsys):
    @tf.function
    def f(x):
        print('trace', x.name)
        return x * 2.
    f(tf.constant(1.))
    a = f.get_concrete_function(tf.TensorSpec([], name='a'))
    assert (f.experimental_get_tracing_count(), [t.name for t in a.inputs]) == (2, ['a:0'])
    unnamed = f.get_concrete_function(tf.TensorSpec([]))
    assert (unnamed is a, [t.name for t in unnamed.inputs]) == (False, ['x:0'])
    x = f.get_concrete_function(tf.TensorSpec([], name='x'))
    assert (x is unnamed, f.experimental_get_tracing_count()) == (False, 3)
    assert capsys.readouterr().out == 'trace x:0\ntrace a:0\ntrace x:0\n'


def test_nested_names_in_the_trace():
    @tf.function
    def g(p):
        return p[0] + p[1]
    unnamed = g.get_concrete_function([tf.TensorSpec([]), tf.TensorSpec([])])
    a = g.get_concrete_function([tf.TensorSpec([], name='a'), tf.TensorSpec([])])
    ab = g.get_concrete_function([tf.TensorSpec([], name='a'), tf.TensorSpec([], name='b')])
    again = g.get_concrete_function([tf.TensorSpec([], name='a'), tf.TensorSpec([])])
    assert (unnamed is a, a is ab, again is a, g.experimental_get_tracing_count()) == (False, False, True, 3)
    assert [t.name for t in a.inputs] == ['a:0', 'p:0'] and [t.name for t in ab.inputs] == ['a:0', 'b:0']
    assert float(g([tf.constant(1.), tf.constant(2.)])) == 3.0 and g.experimental_get_tracing_count() == 3


class _M(tf.Module):
    @tf.function
    def c(self, d, k):
        return d['a'] + d['b'] * k


def test_saved_signature_of_nested_named_specs(tmp_path):
    m = _M()
    cf = m.c.get_concrete_function({'a': tf.TensorSpec([1], name='aa'), 'b': tf.TensorSpec([1])},
                                   tf.TensorSpec([], name='kk'))
    tf.saved_model.save(m, str(tmp_path / 'sm'), signatures={'c': cf})
    signature = tf.saved_model.load(str(tmp_path / 'sm')).signatures['c']
    assert sorted(signature.structured_input_signature[1]) == ['aa', 'd', 'kk']
    out = signature(aa=tf.constant([1.]), d=tf.constant([2.]), kk=tf.constant(3.))
    assert list(out) == ['output_0'] and out['output_0'].numpy().tolist() == [7.0]


def test_named_specs_in_star_args_and_kwargs(capsys):
    import collections
    point = collections.namedtuple('P', ['x', 'y'])

    @tf.function
    def f(p, *args, k=None, **kw):
        print('trace', p.x.name, p.y.name, [a.name for a in args], k.name, {n: t.name for n, t in kw.items()})
        return p.x + p.y + args[0] + k + kw['z']
    cf = f.get_concrete_function(point(tf.TensorSpec([], name='px'), tf.TensorSpec([])), tf.TensorSpec([], name='a0'),
                                 k=tf.TensorSpec([], name='kk'), z=tf.TensorSpec([], name='zz'))
    assert capsys.readouterr().out == "trace px:0 p:0 ['a0:0'] kk:0 {'z': 'zz:0'}\n"
    assert str(cf).splitlines()[1:5] == [
        "  p (POSITIONAL_ONLY): P[['x', TensorSpec(shape=(), dtype=tf.float32, name='px')], "
        "['y', TensorSpec(shape=(), dtype=tf.float32, name=None)]]",
        "  args_0 (POSITIONAL_ONLY): TensorSpec(shape=(), dtype=tf.float32, name='a0')",
        "  k (KEYWORD_ONLY): TensorSpec(shape=(), dtype=tf.float32, name='kk')",
        "  z (KEYWORD_ONLY): TensorSpec(shape=(), dtype=tf.float32, name='zz')"]
    assert [t.name for t in cf.inputs] == ['px:0', 'p:0', 'a0:0', 'kk:0', 'zz:0']
    one = tf.constant(1.)
    assert float(cf(px=one, p=one, a0=one, kk=one, zz=one)) == 5.0
