"""tf.random.categorical in a tf.function trace with an open batch: TF 2.21's Multinomial shape function gives (batch,
num_samples), the count open where only the graph's run gives it and folded from a constant tensor; tapeflow printed
no shape (Tensor("categorical/Multinomial:0", dtype=int64)). Texts: TF 2.21's (notes/progs/kerasops11/cat3.py,
cat3_tf.out)."""
import framework as tf


def test_traced_shapes():
    shown = []
    n = tf.constant(3)

    @tf.function(input_signature=[tf.TensorSpec((None, 4), tf.float32), tf.TensorSpec((), tf.int32)])
    def f(x, k):
        shown.append(str(tf.random.categorical(x, 2)))
        shown.append(str(tf.random.categorical(x, k)))
        shown.append(str(tf.random.categorical(tf.zeros((3, 5)), 4)))
        shown.append(str(tf.random.categorical(x, 2, dtype=tf.int32)))
        shown.append(str(tf.random.categorical(x, n)))
        return x
    f.get_concrete_function()
    assert shown[-5:] == ['Tensor("categorical/Multinomial:0", shape=(None, 2), dtype=int64)',
                          'Tensor("categorical_1/Multinomial:0", shape=(None, None), dtype=int64)',
                          'Tensor("categorical_2/Multinomial:0", shape=(3, 4), dtype=int64)',
                          'Tensor("categorical_3/Multinomial:0", shape=(None, 2), dtype=int32)',
                          'Tensor("categorical_4/Multinomial:0", shape=(None, 3), dtype=int64)']


def test_traced_float16_logits():
    shown = []

    @tf.function(input_signature=[tf.TensorSpec((None, 4), tf.float16)])
    def f(x):
        shown.append(str(tf.random.categorical(x, 2)))
        return x
    f.get_concrete_function()
    assert shown[-1] == 'Tensor("categorical/Multinomial:0", shape=(None, 2), dtype=int64)'     # TF 2.21 (cat_tf.out)
