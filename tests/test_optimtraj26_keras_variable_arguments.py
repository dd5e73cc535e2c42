"""A Keras variable passed as a tf.function argument is a tensor inside TF 2.21's trace (Keras's variable converts
through __tf_tensor__ and is keyed as a TensorSpec): ops read its value at the call, a tape inside does not
watch it, assign is "'SymbolicTensor' object has no attribute 'assign'", apply_gradients on it is the
AttributeError "'SymbolicTensor' object has no attribute '_unique_id'" (not autograph's StagingError), and a
tensor or another variable of its shape reuses the trace. tf.Variable arguments stay variables. tapeflow handed
the trace the variable itself: it trained, assigned and differentiated it. Values: TF 2.21 (notes
progs/optimtraj26/p9_kvarg.py, progs/optimtraj25/p14_fnargs.py, p16_kvarg_built.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _variables():
    return (keras.Variable(np.ones((2,), 'f'), name='kernel'), keras.Variable(np.full((2,), 3., 'f'), name='k2'),
            tf.Variable(np.ones((2,), 'f')))


def test_keyed_as_a_tensor_spec_and_read_at_the_call():
    w, w2, tv = _variables()
    traced = []

    @tf.function
    def f(v):
        traced.append(tuple(v.shape))
        return v * 2
    assert f(w).numpy().tolist() == [2., 2.]
    assert f(w2).numpy().tolist() == [6., 6.]
    assert f(tf.constant([5., 6.])).numpy().tolist() == [10., 12.]     # TF 2.21: no new trace
    assert f(tv).numpy().tolist() == [2., 2.]       # a tf.Variable: a trace of its own
    assert traced == [(2,), (2,)] and f.experimental_get_tracing_count() == 2
    w.assign([4., 4.])
    assert f(w).numpy().tolist() == [8., 8.]


def test_a_tape_around_the_call_reaches_the_variable():
    w, _, tv = _variables()
    f = tf.function(lambda v: v * 2)
    for v in (w, tv):
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(f(v))
        assert tape.gradient(y, v).numpy().tolist() == [2., 2.]


def test_a_tape_inside_does_not_watch_it():
    w, _, tv = _variables()

    @tf.function
    def g(v):
        with tf.GradientTape() as t:
            loss = tf.reduce_sum(v * v)
        return t.gradient(loss, v)
    assert g(w) is None         # TF 2.21: grad None
    assert g(tv).numpy().tolist() == [2., 2.]


def test_assign_and_numpy_are_missing_inside():
    w, _, _ = _variables()
    seen = []

    @tf.function
    def h(v):
        for name in ('assign', 'numpy'):
            try:
                getattr(v, name)
            except AttributeError as error:
                seen.append(str(error))
        seen.append((hasattr(v, 'assign'), hasattr(v, 'path'), hasattr(v, 'trainable')))
        return v + 1
    assert h(w).numpy().tolist() == [2., 2.]
    assert seen == ["'SymbolicTensor' object has no attribute 'assign'",
                    "'SymbolicTensor' object has no attribute 'numpy'", (False, False, False)]
    assert w.numpy().tolist() == [1., 1.]


def test_nested_in_lists_dicts_and_keywords():
    w, w2, tv = _variables()
    kinds = []

    @tf.function
    def g(d, k=None):
        kinds.append([isinstance(x, tf.Variable) for x in tf.nest.flatten(d)] + [isinstance(k, tf.Variable)])
        out = tf.add_n([tf.reduce_sum(x) for x in tf.nest.flatten(d)])
        return out if k is None else out + tf.reduce_sum(k)
    assert float(g({'a': w, 'b': (w2, tv)})) == 10.0
    assert float(g([w], k=w2)) == 8.0
    # TF 2.21: ['SymbolicTensor', 'SymbolicTensor', 'ResourceVariable'], then ['SymbolicTensor'] SymbolicTensor
    assert kinds == [[False, False, True, False], [False, False]]


def test_model_trainable_variables_watched_inside():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer='ones')])

    @tf.function
    def k(vs, x):
        with tf.GradientTape() as tape:
            tape.watch(vs)
            loss = tf.reduce_sum(tf.matmul(x, vs[0]) + vs[1])
        return tape.gradient(loss, vs)
    grads = k(model.trainable_variables, tf.ones((1, 2)))
    assert [g.numpy().tolist() for g in grads] == [[[1.], [1.]], [1.]]


@pytest.mark.parametrize('built', [False, True])
def test_apply_gradients_on_it_is_an_attribute_error(built):
    w = keras.Variable(np.ones((2,), 'f'), name='kernel')
    opt = keras.optimizers.Adam(0.1)
    if built:
        opt.build([w])

    @tf.function
    def st(v, g):
        opt.apply_gradients([(g, v)])
    for _ in range(2):
        with pytest.raises(AttributeError) as caught:
            st(w, tf.ones((2,)))
        assert type(caught.value).__name__ == 'AttributeError'
        text = str(caught.value)
        assert text.startswith('in user code:')
        assert text.rstrip().endswith("AttributeError: 'SymbolicTensor' object has no attribute '_unique_id'")
    assert w.numpy().tolist() == [1., 1.] and int(opt.iterations.numpy()) == 0
    assert opt.built is built and len(opt.variables) == (4 if built else 2)


def test_an_optimizer_argument_with_a_closed_over_variable_trains():
    w = keras.Variable(np.ones((2, 2), 'f'), name='kernel')
    opt = keras.optimizers.Adam(0.1)

    @tf.function
    def st(o, g):
        o.apply_gradients([(g, w)])
    st(opt, tf.ones((2, 2)))
    st(opt, tf.ones((2, 2)))
    # TF 2.21: 0x1.9999e4p-1 after two steps, iterations 2
    assert [float(x).hex() for x in w.numpy().ravel()] == ['0x1.9999e40000000p-1'] * 4
    assert int(opt.iterations.numpy()) == 2


def test_get_concrete_function_of_it_is_a_tensor_spec_trace():
    w = keras.Variable(np.ones((2,), 'f'), name='kernel')
    f = tf.function(lambda v: v * 2)
    cf = f.get_concrete_function(w)
    # TF 2.21: 'v (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(2,), dtype=tf.float32, name=None)', and the concrete
    # function takes a tensor; one trace after f(w) (tapeflow: VariableSpec, refused the tensor, two traces)
    assert 'TensorSpec(shape=(2,), dtype=tf.float32, name=None)' in cf.pretty_printed_signature()
    assert cf(w).numpy().tolist() == [2., 2.]
    assert cf(tf.constant([3., 3.])).numpy().tolist() == [6., 6.]
    f(w)
    assert f.experimental_get_tracing_count() == 1


def test_any_traced_tensor_names_its_class_symbolictensor():
    # TF 2.21 (p14_symtext.py): a graph tensor's missing names say 'SymbolicTensor'; an eager one keeps
    # its module path
    seen = []

    @tf.function
    def f(x):
        for read in (lambda: x.assign, lambda: x.item, lambda: (x + 1).assign_sub):
            try:
                read()
            except AttributeError as error:
                seen.append(str(error))
        return x
    f(tf.constant([1., 2.]))
    assert seen == ["'SymbolicTensor' object has no attribute 'assign'",
                    "'SymbolicTensor' object has no attribute 'item'",
                    "'SymbolicTensor' object has no attribute 'assign_sub'"]
    with pytest.raises(AttributeError) as caught:
        tf.constant([1., 2.]).assign(1.)
    assert str(caught.value) == "'tensorflow.python.framework.ops.EagerTensor' object has no attribute 'assign'"
