"""keras.random draws whose shape holds a traced length: a GAN's train_step.

keras.io's GAN examples (and Hands-On ML's GAN as a Model subclass) draw
``keras.random.normal(shape=(tf.shape(real_images)[0], latent_dim), seed=self.seed_generator)``
in train_step. tapeflow raised "Cannot convert a symbolic tf.Tensor (strided_slice:0) to a numpy
array" there (its shape check handed the tuple to np.ndim), so fit stopped; TF 2.21 trains. In a
trace the draws are now TF's graph tensors: ``stateless_random_normal:0`` of shape (None, 6).

Goldens: /work/notes/progs/handson3/krandom_trace.py and gan_small.py run with TF 2.21.
"""
import numpy as np

import framework as tf

keras = tf.keras


def test_draws_in_a_trace_print_tf_graph_tensors(capsys):
    sg = keras.random.SeedGenerator(1337)

    @tf.function(input_signature=[tf.TensorSpec([None, 3])])
    def f(x):
        n = tf.shape(x)[0]
        a = keras.random.normal(shape=(n, 6), seed=sg)
        b = keras.random.uniform((n, 2), seed=sg)
        c = keras.random.truncated_normal([n, 3], seed=sg)
        d = keras.random.randint((n, 4), 0, 5, seed=sg)
        e = keras.random.normal(tf.shape(x), seed=sg)
        print(a); print(b); print(c); print(d); print(e)     # noqa: E702
        return a, b, c, d, e
    out = f(tf.zeros([2, 3]))
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("stateless_random_normal:0", shape=(None, 6), dtype=float32)',
        'Tensor("stateless_random_uniform:0", shape=(None, 2), dtype=float32)',
        'Tensor("stateless_truncated_normal:0", shape=(None, 3), dtype=float32)',
        'Tensor("stateless_random_uniform_1:0", shape=(None, 4), dtype=int32)',
        'Tensor("stateless_random_normal_1:0", shape=(None, 3), dtype=float32)']
    np.testing.assert_allclose(out[0].numpy()[0], [0.6078, -0.88918, -0.28571, 0.19589, 0.43137, -1.28383], atol=1e-5)
    np.testing.assert_allclose(out[1].numpy(), [[0.71083, 0.23228], [0.16706, 0.50152]], atol=1e-5)
    np.testing.assert_allclose(out[2].numpy()[1], [-0.13404, 0.37931, -0.50273], atol=1e-5)
    assert out[3].numpy().tolist() == [[1, 1, 2, 1], [2, 4, 4, 4]]
    np.testing.assert_allclose(out[4].numpy()[1], [1.72538, -0.68596, 0.00905], atol=1e-5)


def test_nested_functions_name_their_calls_by_the_seed():
    sg = keras.random.SeedGenerator(3)

    @tf.function
    def seeded_by_generator(n):
        return keras.random.normal((n, 2), seed=sg)

    @tf.function
    def seeded_by_int(n):
        return keras.random.normal((n, 2), seed=5)
    names = []

    @tf.function(input_signature=[tf.TensorSpec([None, 3])])
    def f(x):
        n = tf.shape(x)[0]
        names.extend(str(t).split('"')[1] for t in (seeded_by_generator(n), seeded_by_int(n)))
        return x
    f(tf.zeros([2, 3]))
    assert names == ['StatefulPartitionedCall:0', 'PartitionedCall:0']


class GAN(tf.keras.Model):

    def __init__(self, discriminator, generator, latent_dim):
        super().__init__()
        self.discriminator, self.generator, self.latent_dim = discriminator, generator, latent_dim
        self.seed_generator = tf.keras.random.SeedGenerator(1337)

    def compile(self, d_optimizer, g_optimizer, loss_fn):
        super().compile()
        self.d_optimizer, self.g_optimizer, self.loss_fn = d_optimizer, g_optimizer, loss_fn
        self.d_loss_metric = tf.keras.metrics.Mean(name="d_loss")
        self.g_loss_metric = tf.keras.metrics.Mean(name="g_loss")

    @property
    def metrics(self):
        return [self.d_loss_metric, self.g_loss_metric]

    def train_step(self, real_images):
        batch_size = tf.shape(real_images)[0]
        print(tf.keras.random.normal(shape=(batch_size, self.latent_dim), seed=self.seed_generator).shape)
        z = tf.keras.random.normal(shape=(batch_size, self.latent_dim), seed=self.seed_generator)
        generated = self.generator(z)
        combined = tf.concat([generated, real_images], axis=0)
        labels = tf.concat([tf.ones((batch_size, 1)), tf.zeros((batch_size, 1))], axis=0)
        with tf.GradientTape() as tape:
            d_loss = self.loss_fn(labels, self.discriminator(combined))
        grads = tape.gradient(d_loss, self.discriminator.trainable_weights)
        self.d_optimizer.apply_gradients(zip(grads, self.discriminator.trainable_weights))
        z = tf.keras.random.normal(shape=(batch_size, self.latent_dim), seed=self.seed_generator)
        with tf.GradientTape() as tape:
            g_loss = self.loss_fn(tf.zeros((batch_size, 1)), self.discriminator(self.generator(z)))
        grads = tape.gradient(g_loss, self.generator.trainable_weights)
        self.g_optimizer.apply_gradients(zip(grads, self.generator.trainable_weights))
        self.d_loss_metric.update_state(d_loss)
        self.g_loss_metric.update_state(g_loss)
        return {"d_loss": self.d_loss_metric.result(), "g_loss": self.g_loss_metric.result()}


def test_gan_train_step_draws_for_the_open_batch(capsys):
    X = np.random.RandomState(0).rand(70, 8, 8).astype(np.float32)
    tf.keras.utils.set_random_seed(42)
    gen = tf.keras.Sequential([tf.keras.layers.Input([6]), tf.keras.layers.Dense(32, activation="relu"),
                               tf.keras.layers.Dense(64, activation="sigmoid"), tf.keras.layers.Reshape([8, 8])])
    disc = tf.keras.Sequential([tf.keras.layers.Input([8, 8]), tf.keras.layers.Flatten(),
                                tf.keras.layers.Dense(32, activation="relu"), tf.keras.layers.Dense(1)])
    gan = GAN(disc, gen, 6)
    gan.compile(d_optimizer=tf.keras.optimizers.Adam(3e-4), g_optimizer=tf.keras.optimizers.Adam(3e-4),
                loss_fn=tf.keras.losses.BinaryCrossentropy(from_logits=True))
    history = gan.fit(tf.data.Dataset.from_tensor_slices(X).batch(32), epochs=2, verbose=0).history
    assert capsys.readouterr().out.splitlines() == ['(None, 6)', '(None, 6)']    # (Keras traces the first step twice)
    np.testing.assert_allclose(history['d_loss'], [0.743522, 0.732372], atol=2e-6)
    np.testing.assert_allclose(history['g_loss'], [0.87272, 0.842872], atol=2e-6)
    assert (int(gan.d_optimizer.iterations), int(gan.g_optimizer.iterations)) == (6, 6)
    np.testing.assert_allclose(gan.generator(np.zeros((1, 6), np.float32)).numpy()[0, 0],
                               [0.4992, 0.49887, 0.50023, 0.49919, 0.49976, 0.49928, 0.49963, 0.49909], atol=1e-5)
