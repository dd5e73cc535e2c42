"""The autodiff guide's ``y = x @ w + b`` with x = [[1., 2., 3.]] (one row) inside a GradientTape:
a product this small is summed in the order TensorFlow's kernel sums it under the tape too, so the
printed gradient of b (which is y) carries TensorFlow's last bit. Expected: TensorFlow 2.21
(/opt/tfref) with oneDNN (this CPU's default) and with TF_ENABLE_ONEDNN_OPTS=0."""
import framework as tf
from framework import onednn_policy

W = [[-1.1012202501296997, 1.545751690864563], [0.3836440145969391, -0.8796578645706177],
     [-1.2246721982955933, -0.9811211228370667]]
# TF 2.21: oneDNN's fused chain gives -3.1569273471832275, Eigen's kernel -3.1569275856018066
SECOND = -3.1569273471832275 if onednn_policy.enabled() else -3.1569275856018066


def test_a_one_row_product_under_a_tape_has_tensorflows_bits():
    w = tf.Variable(W)
    b = tf.Variable(tf.zeros(2))
    with tf.GradientTape() as tape:
        y = [[1., 2., 3.]] @ w + b
        loss = tf.reduce_mean(y ** 2)
    assert y.numpy().tolist() == [[-4.007948875427246, SECOND]]
    assert tape.gradient(loss, b).numpy().tolist() == [-4.007948875427246, SECOND]
    assert (tf.constant([[1., 2., 3.]]) @ w).numpy().tolist() == [[-4.007948875427246, SECOND]]     # no tape
