"""tf.tensor_scatter_nd_add / _sub with a repeated index add (subtract) the updates one by one into the
tensor, as TF's TensorScatterAdd / Sub kernels: ``(t + u0) + u1``, where tapeflow computed
``t + (u0 + u1)`` (an ulp off in float32 on about half of such rows). Values printed by TF 2.21
(progs/gradfuzz7/pin_tsna.py, t_tsna.py, t_tsna_grad.py)."""
import framework as tf


def test_repeated_index_adds_in_turn():
    x = tf.constant([[-1.28, -1.92], [-0.15, 0.9]], tf.float32)
    u = tf.constant([[-0.32, -0.06], [-1.95, -0.05], [1.77, 1.4]], tf.float32)
    assert tf.tensor_scatter_nd_add(x, [[1], [1], [1]], u).numpy().tolist() == [
        [-1.2799999713897705, -1.9199999570846558], [-0.6500000953674316, 2.190000057220459]]


def test_repeated_index_subtracts_in_turn():
    x = tf.constant([[0.1, -1.3], [2.7, 0.35]], tf.float32)
    u = tf.constant([[1.1, 0.7], [-0.3, 2.9], [0.9, -1.7]], tf.float32)
    assert tf.tensor_scatter_nd_sub(x, [[1], [1], [1]], u).numpy().tolist() == [
        [0.10000000149011612, -1.2999999523162842], [1.0000001192092896, -1.5499999523162842]]


def test_gradients_and_second_derivatives():
    x = tf.Variable([[1.26, 1.92, 0.51], [-1.06, 0.31, 1.1]], dtype=tf.float32)
    u = tf.Variable([[0.53, 1.92, -1.2], [0.61, -0.39, -1.34], [1.17, 1.61, 0.27]], dtype=tf.float32)
    with tf.GradientTape(persistent=True) as outer:
        with tf.GradientTape(persistent=True) as inner:
            y = tf.tensor_scatter_nd_sub(x, [[1], [0], [1]], u)
            s = tf.reduce_sum(tf.sin(y) * y)
        gx, gu = inner.gradient(s, [x, u])
        q = tf.reduce_sum(gx * gx) + tf.reduce_sum(gu)
    assert gu.numpy().tolist() == (-gx.numpy()[[1, 0, 1]]).tolist()
    hx, hu = outer.gradient(q, [x, u])
    assert hx.numpy().tolist() == [[1.4928393363952637, 8.047027587890625, 0.22627639770507812],
                                   [-6.858541011810303, -7.971270561218262, 5.430535316467285]]
    assert hu.numpy().tolist() == [[6.858541011810303, 7.971270561218262, -5.430535316467285],
                                   [-1.4928393363952637, -8.047027587890625, -0.22627639770507812],
                                   [6.858541011810303, 7.971270561218262, -5.430535316467285]]
    assert tf.tensor_scatter_nd_add(tf.constant([1, 2, 3]), [[0], [0]], tf.constant([5, 6])).numpy().tolist() == [
        12, 2, 3]
