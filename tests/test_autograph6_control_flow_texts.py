"""tf.cond / tf.case / tf.while_loop as TF 2.21 runs them eagerly and in a tf.function: its argument
checks' words, an eager predicate read as NumPy reads it, tf.case's last pair standing in for a
missing default (with its eager Asserts' InvalidArgumentErrors), an eager loop that hands Python
numbers to its body and checks only the structure (nest's words), and the graph loop's dtype and
shape refusals. Every literal was printed by TF 2.21 (/opt/tfref/bin/python) for the same call; the
probes are /work/notes/progs/autograph6/p4.py and /tmp/ag6_t.py-style one-liners quoted per test."""
import numpy as np
import pytest

import framework as tf

X = tf.constant(2.0)


def _raises(error, text, call):
    with pytest.raises(error) as caught:
        call()
    assert str(caught.value) == text        # (tapeflow's own explanation is a note, not in str())


def test_callables_and_arguments_in_tfs_words():
    _raises(TypeError, "'true_fn' must be callable.", lambda: tf.cond(X > 1, X, lambda: X))
    _raises(TypeError, "cond(): 'false_fn' argument required", lambda: tf.cond(tf.constant(True), lambda: 1))
    _raises(TypeError, "'cond' must be callable.", lambda: tf.while_loop(1, lambda i: i, [0]))
    _raises(TypeError, "'body' must be callable.", lambda: tf.while_loop(lambda i: i < 3, 5, [0]))
    _raises(TypeError, "'parallel_iterations' must be a positive integer.",
            lambda: tf.while_loop(lambda i: i < 3, lambda i: [i + 1], [0], parallel_iterations=0))


def test_eager_cond_reads_its_predicate_as_numpy():
    # TF 2.21: tf.cond(tf.constant(0.0), ...) -> 2, tf.cond(3, ...) -> 1, tf.cond('a', ...) -> 1
    assert tf.cond(tf.constant(0.0), lambda: 1, lambda: 2) == 2
    assert tf.cond(3, lambda: 1, lambda: 2) == 1
    assert tf.cond('a', lambda: 1, lambda: 2) == 1


def test_case_without_default_runs_its_last_pair_under_an_assert():
    # TF 2.21: exclusive over two pairs checks only the first (the second is the default): 1
    assert tf.case([(X > 1, lambda: tf.constant(1)), (X > 0, lambda: tf.constant(2))], exclusive=True).numpy() == 1
    _raises(tf.errors.InvalidArgumentError,
            "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: b'Input error: "
            "exclusive=True: more than 1 conditions (?, ?) evaluated as True:'\nTrue, True",
            lambda: tf.case([(X > 1, lambda: tf.constant(1)), (X > 0, lambda: tf.constant(2))],
                            default=lambda: tf.constant(5), exclusive=True))
    _raises(tf.errors.InvalidArgumentError,
            "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: b'Input error: "
            "None of conditions evaluated as True:'\nFalse, False, False, ...",
            lambda: tf.case([(tf.constant(False), lambda: 1)] * 5))
    assert tf.case([(X > 4, lambda: tf.constant(1)), (X > 0, lambda: tf.constant(2)),
                    (X > 1, lambda: tf.constant(3))]).numpy() == 2


def test_case_pair_checks():
    _raises(TypeError, 'pred must be a Tensor, got: 1.0', lambda: tf.case([(X > 1, lambda: 1), (1.0, lambda: 2)]))
    # TF words a non-bool predicate (or a fn that is no callable) with pred.name, which eager refuses
    _raises(AttributeError, 'Tensor.name is undefined when eager execution is enabled.',
            lambda: tf.case([(X > 1, lambda: 1), (X, lambda: 2)]))
    _raises(TypeError, "'pred_fn_pairs' must be a list, tuple, or dict. Received: <class 'int'>", lambda: tf.case(5))
    _raises(TypeError, "'false_fn' must be callable.", lambda: tf.case([(tf.constant(True), lambda: 1)], default=3))


def test_eager_while_loop_keeps_python_numbers_until_the_end():
    # TF 2.21: (0, 0) with s + 0.5 -> (int32 3, float32 1.5); a body that casts is kept (float32 3.0)
    i, s = tf.while_loop(lambda i, s: i < 3, lambda i, s: (i + 1, s + 0.5), (0, 0))
    assert (i.dtype, int(i), s.dtype, float(s)) == (tf.int32, 3, tf.float32, 1.5)
    (f,) = tf.while_loop(lambda i: i < 3, lambda i: [tf.cast(i, tf.float32) + 1], [tf.constant(0)])
    assert (f.dtype, float(f)) == (tf.float32, 3.0)
    ta = tf.while_loop(lambda i, ta: i < 3, lambda i, ta: (i + 1, ta.write(i, i * 2)),
                       [0, tf.TensorArray(tf.int32, size=3)])[1]
    np.testing.assert_array_equal(ta.stack().numpy(), [0, 2, 4])


def test_eager_while_loop_vars_as_tf_reads_them():
    cond, body = (lambda *v: False), (lambda *v: v)
    _raises(ValueError, "'loop_vars' must be provided.", lambda: tf.while_loop(cond, body, []))
    _raises(ValueError, "'loop_vars' must be provided.", lambda: tf.while_loop(cond, body, tf.constant(0)))
    _raises(TypeError, 'Scalar tensor has no `len()`', lambda: tf.while_loop(cond, body, tf.constant(1)))
    _raises(TypeError, "object of type 'int' has no len()", lambda: tf.while_loop(cond, body, 5))


def test_eager_while_loop_structure_in_nests_words():
    _raises(ValueError,
            "The two structures don't have the same nested structure.\n\nFirst structure: type=list "
            "str=[TensorSpec(shape=(), dtype=tf.int32, name=None)]\n\nSecond structure: type=list str=[<tf.Tensor: "
            "shape=(), dtype=int32, numpy=1>, <tf.Tensor: shape=(), dtype=int32, numpy=0>, <tf.Tensor: shape=(), "
            "dtype=int32, numpy=0>]\n\nMore specifically: The two structures don't have the same number of elements. "
            "First structure: type=list str=[TensorSpec(shape=(), dtype=tf.int32, name=None)]. Second structure: "
            "type=list str=[<tf.Tensor: shape=(), dtype=int32, numpy=1>, <tf.Tensor: shape=(), dtype=int32, numpy=0>,"
            " <tf.Tensor: shape=(), dtype=int32, numpy=0>]\nEntire first structure:\n[.]\nEntire second structure:"
            "\n[., ., .]",
            lambda: tf.while_loop(lambda i: i < 3, lambda i: (i + 1, i, i), [tf.constant(0)]))
    # with maximum_iterations TF loops over [counter, loop_vars]: a tuple body for list loop_vars is a TypeError
    with pytest.raises(TypeError, match="The two namedtuples don't have the same sequence type"):
        tf.while_loop(lambda i: i < 10, lambda i: (i + 1,), [0], maximum_iterations=4)


def test_graph_while_loop_refuses_a_dtype_or_shape_change():
    @tf.function
    def grows(x):
        return tf.while_loop(lambda i: tf.size(i) < 10, lambda i: tf.concat([i, i], 0), [x])

    @tf.function
    def casts(x):
        return tf.while_loop(lambda i: i < 3, lambda i: [tf.cast(i, tf.float32)], [x])
    with pytest.raises(ValueError) as caught:
        grows(tf.ones([1]))
    assert str(caught.value).strip().endswith(
        'ValueError: Input tensor `x:0` enters the loop with shape (1,), but has shape (2,) after one iteration. To '
        'allow the shape to vary across iterations, use the `shape_invariants` argument of tf.while_loop to '
        'specify a less-specific shape.')
    with pytest.raises(TypeError) as caught:
        casts(tf.constant(0))
    assert str(caught.value).strip().endswith(
        "TypeError: Loop var x:0 enters the loop with type <dtype: 'int32'> but has type <dtype: 'float32'> after 1 "
        "iteration. x:0 type should remain constant.")


def test_graph_while_loop_within_its_shape_invariants_runs():
    @tf.function
    def grows(x):
        return tf.while_loop(lambda i: tf.size(i) < 10, lambda i: tf.concat([i, i], 0), [x],
                             shape_invariants=[tf.TensorShape([None])])
    assert grows(tf.ones([1]))[0].shape == (16,)
