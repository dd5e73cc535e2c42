"""tf.matmul / ``a @ b`` with transposes, batches of matrices and vectors, in a tf.function: TensorFlow's
graph refuses MatMul / BatchMatMulV2 as it adds them, with a ValueError naming the node, its attributes,
inputs and traced shapes (framework/graph_matmul_errors.py). Expected texts printed by TF 2.21
(notes/progs/graphops14/m1.py: the last line of str(error), each call in a tf.function)."""
import pytest

import framework as tf

A23, A34, A24 = tf.ones((2, 3)), tf.ones((3, 4)), tf.ones((2, 4))
B234, B334, B543 = tf.ones((2, 3, 4)), tf.ones((3, 3, 4)), tf.ones((5, 4, 3))
V3 = tf.ones((3,))


def _last_line(fn, *args):
    with pytest.raises(ValueError) as err:
        fn(*args)
    assert type(err.value) is ValueError
    return str(err.value).strip().split('\n')[-1].strip()


def _matmul(transpose_a='false', transpose_b='false', node='MatMul'):
    return "{{node %s}} = MatMul[T=DT_FLOAT, grad_a=false, grad_b=false, transpose_a=%s, transpose_b=%s]" % (
        node, transpose_a, transpose_b)


def _batch(adj_x='false', adj_y='false', node='MatMul', dtype='DT_FLOAT'):
    return "{{node %s}} = BatchMatMulV2[T=%s, adj_x=%s, adj_y=%s, grad_x=false, grad_y=false]" % (
        node, dtype, adj_x, adj_y)


CASES = [
    (lambda x, y: tf.matmul(x, y, transpose_a=True), (A23, A34),
     "Dimensions must be equal, but are 2 and 3 for '%s(x, y)' with input shapes: [2,3], [3,4]." % _matmul('true')),
    (lambda x, y: tf.matmul(x, y, transpose_b=True), (A23, A34), "Dimensions must be equal, but are 3 and 4 for "
     "'%s(x, y)' with input shapes: [2,3], [3,4]." % _matmul(transpose_b='true')),
    (lambda x, y: tf.matmul(x, y, transpose_a=True, transpose_b=True), (A23, A24), "Dimensions must be equal, but "
     "are 2 and 4 for '%s(x, y)' with input shapes: [2,3], [2,4]." % _matmul('true', 'true')),
    (lambda x, y: tf.matmul(x, y, adjoint_b=True), (A23, A34), "Dimensions must be equal, but are 3 and 4 for "
     "'%s(x, y)' with input shapes: [2,3], [3,4]." % _matmul(transpose_b='true')),
    # BatchMatMulV2 merges the inner lengths first, then broadcasts the batch lengths
    (lambda x, y: tf.matmul(x, y), (B234, B334), "Dimensions must be equal, but are 4 and 3 for '%s(x, y)' with "
     "input shapes: [2,3,4], [3,3,4]." % _batch()),
    (lambda x, y: tf.matmul(x, y), (B234, B543), "Dimensions must be equal, but are 2 and 5 for '%s(x, y)' with "
     "input shapes: [2,3,4], [5,4,3]." % _batch()),
    (lambda x, y: tf.matmul(x, y), (B234, A23), "Dimensions must be equal, but are 4 and 2 for '%s(x, y)' with "
     "input shapes: [2,3,4], [2,3]." % _batch()),
    (lambda x, y: tf.matmul(x, y, transpose_b=True), (B234, B334), "Dimensions must be equal, but are 2 and 3 for "
     "'%s(x, y)' with input shapes: [2,3,4], [3,3,4]." % _batch(adj_y='true')),
    (lambda x, y: tf.matmul(x, y, adjoint_a=True), (B234, B334), "Dimensions must be equal, but are 2 and 3 for "
     "'%s(x, y)' with input shapes: [2,3,4], [3,3,4]." % _batch(adj_x='true')),
    (lambda x, y: tf.matmul(x, y, name='mm'), (B234, B543), "Dimensions must be equal, but are 2 and 5 for '%s(x, "
     "y)' with input shapes: [2,3,4], [5,4,3]." % _batch(node='mm')),
    (lambda x, y: x @ y, (B234, B543), "Dimensions must be equal, but are 2 and 5 for '%s(x, y)' with input shapes: "
     "[2,3,4], [5,4,3]." % _batch(node='matmul')),
    (lambda x, y: tf.matmul(x, y), (tf.ones((2, 1, 3, 4)), tf.ones((3, 3, 5))), "Dimensions must be equal, but are "
     "4 and 3 for '%s(x, y)' with input shapes: [2,1,3,4], [3,3,5]." % _batch()),
    (lambda x, y: tf.matmul(tf.cast(x, tf.float64), tf.cast(y, tf.float64)), (B234, B543), "Dimensions must be "
     "equal, but are 2 and 5 for '%s(Cast, Cast_1)' with input shapes: [2,3,4], [5,4,3]." % _batch(dtype='DT_DOUBLE')),
    # MatMul (neither operand above rank 2) wants matrices
    (lambda x, y: tf.matmul(x, y), (V3, A34), "Shape must be rank 2 but is rank 1 for '%s(x, y)' with input "
     "shapes: [3], [3,4]." % _matmul()),
    (lambda x, y: tf.matmul(x, y), (A34, V3), "Shape must be rank 2 but is rank 1 for '%s(x, y)' with input "
     "shapes: [3,4], [3]." % _matmul()),
]


@pytest.mark.parametrize('fn, args, expected', CASES)
def test_matmul_refused_by_the_graph_names_node_attributes_inputs_and_shapes(fn, args, expected):
    assert _last_line(tf.function(fn), *args) == 'ValueError: ' + expected


def test_an_open_length_in_the_signature_shows_as_a_question_mark_or_leaves_the_run_time_error():
    fn = tf.function(lambda x, y: tf.matmul(x, y),
                     input_signature=[tf.TensorSpec((None, 3, 4)), tf.TensorSpec((None, 3, 4))])
    assert _last_line(fn, B234, B334) == "ValueError: Dimensions must be equal, but are 4 and 3 for '%s(x, y)' " \
        "with input shapes: [?,3,4], [?,3,4]." % _batch()
    fn = tf.function(lambda x, y: tf.matmul(x, y, transpose_a=True),
                     input_signature=[tf.TensorSpec((None, 3)), tf.TensorSpec((3, 4))])
    with pytest.raises(tf.errors.InvalidArgumentError):
        fn(A23, A34)


def test_products_that_fit_keep_their_values_and_eager_errors_stand():
    fn = tf.function(lambda x, y: (tf.matmul(x, y, transpose_a=True), tf.matmul(x, x, transpose_b=True)))
    first, second = fn(A23, A24)
    assert first.shape == (3, 4) and second.shape == (2, 2)
    assert float(tf.reduce_sum(first)) == 24.0 and float(tf.reduce_sum(second)) == 12.0
    assert tf.function(lambda x, y: tf.matmul(x, y))(A23, tf.ones((2, 3, 4))).shape == (2, 2, 4)
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.matmul(B234, B334)
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.matmul(A23, A34, transpose_a=True)
