"""tf.add_n of one input hands it back as TF 2.21's add_n does: converted but unsummed (AddN never runs, so a
bool or string input passes, where tapeflow raised AddN's registry error), the same tensor object unless a name is
given (then an Identity of that name) or a variable is read. TF iterates any iterable (a generator, a dict's keys)
and refuses a SparseTensor input with its ValueError (tapeflow: a TypeError of its own). Probes:
/work/notes/progs/errors55/an.py, an2.py, an3.py."""
import numpy as np
import pytest

import framework as tf

NOT_INPUTS = 'Inputs must be an iterable of at least one Tensor/IndexedSlices with the same dtype and shape.'


@pytest.mark.parametrize('value, dtype, expected', [
    (lambda: tf.constant([True, False]), tf.bool, [True, False]),
    (lambda: np.array([True]), tf.bool, [True]),
    (lambda: [True, False], tf.bool, [True, False]),
    (lambda: tf.constant(['a']), tf.string, [b'a']),
    (lambda: 'a', tf.string, b'a'),
    (lambda: tf.Variable([True]), tf.bool, [True]),
    (lambda: 1, tf.int32, 1),
])
def test_one_input_of_any_dtype_comes_back(value, dtype, expected):
    # TF 2.21: every row returns its input converted (a bool, string or bool variable input too)
    for name in (None, 'NM'):
        out = tf.add_n([value()], name=name)
        assert out.dtype == dtype
        assert np.asarray(out.numpy()).tolist() == expected


def test_one_tensor_is_handed_back_itself_unless_named():
    x = tf.constant([1.0, 2.0])
    assert tf.add_n([x]) is x               # TF 2.21: True (also for name='' and a tuple)
    assert tf.add_n([x], name='') is x
    assert tf.add_n((x,)) is x
    named = tf.add_n([x], name='x')          # TF 2.21: an Identity, another tensor
    assert named is not x and named.numpy().tolist() == [1.0, 2.0]
    v = tf.Variable([1.0])
    assert type(tf.add_n([v])) is type(x)      # TF 2.21: an EagerTensor, the variable read


def test_one_input_keeps_its_gradient():
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape(persistent=True) as tape:
        y = tf.add_n([x * x])
        z = tf.add_n([x * 2.0], name='nm')
        w = tf.add_n([x])
    assert tape.gradient(y, x).numpy().tolist() == [2.0, 4.0]      # TF 2.21's
    assert tape.gradient(z, x).numpy().tolist() == [2.0, 2.0]
    assert tape.gradient(w, x).numpy().tolist() == [1.0, 1.0]


def test_one_ragged_input_of_bools_comes_back():
    rt = tf.ragged.constant([[True], [False, True]])
    assert tf.add_n([rt]).to_list() == [[True], [False, True]]       # TF 2.21's


def test_two_bool_inputs_are_still_refused():
    b = tf.constant([True])
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of bool is not in the list"):
        tf.add_n([b, b])
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of string is not in the list"):
        tf.add_n('abc')         # TF iterates the string: three inputs


def test_iterables_are_iterated():
    f = tf.constant([1.0, 2.0])
    # TF 2.21: [True, False], [2., 4.], b'a', 1.5
    assert tf.add_n(iter([tf.constant([True, False])])).numpy().tolist() == [True, False]
    assert tf.add_n(x for x in [f, f]).numpy().tolist() == [2.0, 4.0]
    assert tf.add_n({'a': 1}).numpy() == b'a'
    assert tf.add_n({1.5}).numpy() == 1.5


@pytest.mark.parametrize('inputs', [
    lambda: [tf.sparse.from_dense(tf.constant([1.0, 2.0]))],
    lambda: [tf.sparse.from_dense(tf.constant([1.0, 2.0]))] * 2,
    lambda: [None],
    lambda: [tf.constant([1.0]), None],
    lambda: {},
])
def test_sparse_and_none_inputs_are_tfs_value_error(inputs):
    with pytest.raises(ValueError) as err:
        tf.add_n(inputs())
    assert str(err.value) == NOT_INPUTS         # TF 2.21's text
