"""tf.math.top_k in TF 2.21's kernel order: with sorted=False the indices come in the storage order of
the kernel's bounded heap (tapeflow sorted them, so values, and sums over them, differed), and rows
holding NaN follow the kernel's comparisons (heap, Eigen's running maximum for k == 1, std::sort for
k == n). Values printed by TF 2.21 (progs/gradfuzz7/pin_topk.py; t_topk_big.py: 300 random cases,
t_topk_unsorted.py: 400 with ties and NaN, permall.tf: all permutations up to n = 6, all equal)."""
import framework as tf

NAN = float('nan')


def test_unsorted_indices_are_the_heap_order():
    assert tf.math.top_k([0., 1., 3., 2., 4.], 3, sorted=False).indices.numpy().tolist() == [3, 2, 4]
    assert tf.math.top_k([[2., 1., 0., 3., -1., -2., 2., -2., 3.]], 5, sorted=False).indices.numpy().tolist() == [
        [1, 6, 0, 3, 8]]
    assert tf.math.top_k([0.52, 1.45, 0.03], 2, sorted=False).indices.numpy().tolist() == [0, 1]
    assert tf.math.top_k([0.52, 1.45, 0.03], 2).indices.numpy().tolist() == [1, 0]


def test_unsorted_values_and_their_gradient():
    x = tf.constant([-1.46, -0.13, -0.65, 1.19])
    with tf.GradientTape() as tape:
        tape.watch(x)
        v = tf.math.top_k(x, k=3, sorted=False).values
        y = tf.norm(v)
    assert v.numpy().tolist() == [-0.6499999761581421, -0.12999999523162842, 1.190000057220459]
    assert tape.gradient(y, x).numpy().tolist() == [0.0, -0.09543613344430923, -0.4771806597709656,
                                                    0.8736077547073364]


def test_rows_with_nan():
    assert tf.math.top_k([-3., 3., -1., NAN, 0.], 1).indices.numpy().tolist() == [4]
    assert tf.math.top_k([NAN, -2.], 1).indices.numpy().tolist() == [1]
    assert tf.math.top_k([NAN, -2., -2., 0., 2., -1., 0.], 7).indices.numpy().tolist() == [0, 4, 3, 6, 5, 1, 2]
    assert tf.math.top_k([[2., 1., NAN, 2., 1., 0.]], 3).indices.numpy().tolist() == [[0, 3, 1]]
