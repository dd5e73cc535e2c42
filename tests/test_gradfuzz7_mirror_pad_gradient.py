"""tf.pad(mode='REFLECT' / 'SYMMETRIC') gradients summed as TF's MirrorPadGrad kernel: the incoming
gradient's centre first, each padded band (reversed) added onto it axis by axis, so -0s stay -0 (the
scatter-add into zeros gave +0) and bands meet in TF's order (last bits in 63 of 120 random programs
before, progs/gradfuzz7/t_pad_rand.py; tf.raw_ops.MirrorPadGrad matched on 60 random inputs, t_mpg.py).
Values printed by TF 2.21 (pin_pad.py)."""
import framework as tf


def test_reflect_gradient_keeps_negative_zeros():
    x = tf.constant([[1., 2., 3.], [4., 5., 6.]])
    g = tf.constant([[-0., 1., -0., -0., 1.], [-1., -0., 0., -0., -1.], [1., 0., -0., -1., 1.]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.pad(x, [[1, 0], [1, 1]], mode='REFLECT')
    got = tape.gradient(y, x, output_gradients=g).numpy()
    assert got.tolist() == [[-0.0, -2.0, -0.0], [1.0, 3.0, -1.0]]
    assert [str(v) for v in got.ravel()] == ['-0.0', '-2.0', '-0.0', '1.0', '3.0', '-1.0']


def test_symmetric_gradient_and_second_derivative():
    x = tf.Variable([[0.31, -1.7, 2.25, 0.6], [1.45, -0.83, 0.02, -2.1]])
    c = tf.constant([[0.7, -1.3, 0.4, 2.2, -0.9, 1.6, -0.2], [1.1, 0.3, -1.8, 0.5, 0.9, -0.6, 1.4],
                     [-0.4, 2.1, 0.8, -1.1, 0.35, 0.75, -2.3], [0.15, -0.65, 1.9, -0.45, 1.25, -1.55, 0.05]])
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            y = tf.pad(x, [[1, 1], [3, 0]], mode='SYMMETRIC')
            s = tf.reduce_sum(tf.sin(y) * c)
        g = inner.gradient(s, x)
        q = tf.reduce_sum(g * g)
    assert g.numpy().tolist() == [
        [1.2380335330963135, 0.12884452939033508, -1.7588862180709839, 0.9904027581214905],
        [0.1385781317949295, 2.058371067047119, -1.0497900247573853, 1.1359034776687622]]
    assert outer.gradient(q, x).numpy().tolist() == [
        [-0.9819493293762207, -0.2555411756038666, 7.663836479187012, -1.3421363830566406],
        [-0.31640708446502686, 9.265512466430664, -0.04408823698759079, -4.412351608276367]]
