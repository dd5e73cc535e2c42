"""tf.einsum and tf.nn.softmax_cross_entropy_with_logits of operands whose traced shapes disagree, in a
tf.function: TensorFlow's graph refuses Einsum / SoftmaxCrossEntropyWithLogits as it adds them, with a
ValueError naming the node, its inputs and traced shapes (framework/graph_einsum_errors.py,
graph_xent_errors.py). Expected texts printed by TF 2.21 (notes/progs/graphops14/e1.py: the last line of
str(error), each call in a tf.function)."""
import pytest

import framework as tf

A23, A24 = tf.ones((2, 3)), tf.ones((2, 4))


def _last_line(fn, *args):
    with pytest.raises(ValueError) as err:
        fn(*args)
    assert type(err.value) is ValueError
    return str(err.value).strip().split('\n')[-1].strip()


def _einsum(dims, equation, node='einsum/Einsum', inputs='x, y', shapes='[2,3], [2,4]'):
    return ("Dimensions must be equal, but are %d and %d for '{{node %s}} = Einsum[N=2, T=DT_FLOAT, equation=\"%s\"]"
            "(%s)' with input shapes: %s." % (dims + (node, equation, inputs, shapes)))


def _xent(dims, shapes, node='softmax_cross_entropy_with_logits'):
    return ("Dimensions must be equal, but are %d and %d for '{{node %s}} = SoftmaxCrossEntropyWithLogits[T=DT_FLOAT]"
            "(%s/Reshape, %s/Reshape_1)' with input shapes: %s." % (dims + (node, node, node, shapes)))


def _xent_call(**kwargs):
    return lambda x, y: tf.nn.softmax_cross_entropy_with_logits(labels=x, logits=y, **kwargs)


CASES = [
    (lambda x, y: tf.einsum('ij,jk->ik', x, y), (A23, A24), _einsum((3, 2), 'ij,jk->ik')),
    (lambda x, y: tf.einsum('ij,jk', x, y), (A23, A24), _einsum((3, 2), 'ij,jk->ik')),
    (lambda x, y: tf.einsum('ij,ij->i', x, y), (A23, A24), _einsum((3, 4), 'ij,ij->i')),
    (lambda x, y: tf.einsum('bij,bjk->bik', x, y), (tf.ones((2, 3, 4)), tf.ones((3, 4, 5))),
     _einsum((2, 3), 'bij,bjk->bik', shapes='[2,3,4], [3,4,5]')),
    (lambda x, y: tf.einsum('ij,jk->ik', x, y, name='mix'), (A23, A24), _einsum((3, 2), 'ij,jk->ik',
                                                                                node='mix/Einsum')),
    (lambda x, y: tf.einsum('ij,kj->ik', x * 2.0, y), (A23, A24), _einsum((3, 4), 'ij,kj->ik', inputs='mul, y')),
    (lambda x, y: tf.linalg.einsum('ij,jk->ik', x, y), (A23, A24), _einsum((3, 2), 'ij,jk->ik')),
    (_xent_call(), (A23, A24), _xent((4, 3), '[2,4], [2,3]')),
    (lambda x, y: tf.nn.softmax_cross_entropy_with_logits(x, y, name='xent'), (A23, A24),
     _xent((4, 3), '[2,4], [2,3]', node='xent')),
    (lambda x, y: tf.nn.softmax_cross_entropy_with_logits(labels=x, logits=y * 2.0), (A23, tf.ones((3, 3))),
     _xent((3, 2), '[3,3], [2,3]')),
    (_xent_call(), (tf.ones((2, 2, 3)), tf.ones((2, 2, 4))), _xent((4, 3), '[4,4], [4,3]')),
    (lambda x, y: tf.nn.softmax_cross_entropy_with_logits(labels=[[0., 1., 0.]], logits=y), (A23, A24),
     _xent((4, 3), '[2,4], [1,3]')),
    (_xent_call(axis=0), (A23, A24), _xent((4, 3), '[4,2], [3,2]')),
]


@pytest.mark.parametrize('fn, args, expected', CASES)
def test_refused_by_the_graph_name_node_inputs_and_shapes(fn, args, expected):
    assert _last_line(tf.function(fn), *args) == 'ValueError: ' + expected


def test_calls_that_fit_keep_their_values_and_eager_errors_stand():
    product, loss = tf.function(lambda x, y: (tf.einsum('ij,ik->jk', x, y),
                                              tf.nn.softmax_cross_entropy_with_logits(labels=x, logits=x)))(A23, A24)
    assert product.shape == (3, 4) and float(tf.reduce_sum(product)) == 24.0
    assert loss.shape == (2,) and abs(float(loss[0]) - 3.295837) < 1e-5      # 3 * log(3)
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.einsum('ij,jk->ik', A23, A24)
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.nn.softmax_cross_entropy_with_logits(labels=A23, logits=A24)
