"""mean / stddev of normal draws: broadcast arrays and tensors, and TensorFlow's gradients with respect to them.

Golden values printed by TensorFlow 2.21 (tensorflow-cpu, Linux) for the same calls
(/work/notes/progs/random_gen/grad_tf.py); each gradient is the sum of the unit draws plus their count.
"""
import framework as tf


def _draw_and_gradient(draw):
    a = tf.Variable(2.0)
    with tf.GradientTape() as tape:
        x = draw(a)
    return x.numpy().tolist(), tape.gradient(x, a).numpy().tolist()


def test_stateful_and_stateless_normals_differentiate_mean_and_stddev():
    tf.random.set_seed(None)              # op seed 1 alone: the pair (87654321, 1), fresh kernels
    expected = ([0.37736356258392334, 4.9691972732543945, 2.1306586265563965], 3.738609790802002)
    assert _draw_and_gradient(lambda a: tf.random.normal([3], mean=a, stddev=a, seed=1)) == expected
    assert _draw_and_gradient(lambda a: tf.random.truncated_normal([3], mean=a, stddev=a, seed=1)) == expected
    assert _draw_and_gradient(lambda a: tf.random.stateless_normal([3], seed=[1, 2], mean=a, stddev=a)) == (
        [3.0882201194763184, 2.4147605895996094, 2.1471285820007324], 3.82505464553833)
    generator = tf.random.Generator.from_seed(3)
    assert _draw_and_gradient(lambda a: generator.normal([2], mean=a, stddev=a)) == (
        [1.1271815299987793, -1.9267973899841309], -0.3998079299926758)


def test_a_mean_array_broadcasts_over_the_draws():
    drawn = tf.random.stateless_normal([2, 2], seed=[1, 2], mean=[1.0, 2.0])
    assert drawn.numpy().tolist() == [[1.5441100597381592, 2.2073802947998047],
                                      [1.0735642910003662, 2.0464346408843994]]
