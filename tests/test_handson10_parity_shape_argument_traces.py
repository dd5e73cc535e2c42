"""Ops given a shape tensor in a trace: TensorFlow's shape inference reads tf.shape(x)'s lengths.

Hands-On ML's variational autoencoder samples its codings with
``tf.random.normal(tf.shape(log_var)) * tf.exp(log_var / 2) + mean``. In a custom train_step on
a batch size the trace leaves open, TF 2.21 gives the codings the shape (None, 2), and the decoder
(a functional model) runs on them. tapeflow gave the draw an unknown rank, so the decoder's input
check raised "as_list() is not defined on an unknown TensorShape." and fit stopped.

Goldens: /work/notes/progs/handson3/shape_arg.py and vae_small.py run with TF 2.21.
"""
import numpy as np

import framework as tf


def test_shape_tensor_arguments_give_traced_lengths(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None, 4]), tf.TensorSpec([2], tf.int32),
                                  tf.TensorSpec([None], tf.int32)])
    def f(a, n, v):
        s = tf.shape(a)
        print(tf.random.normal(s))
        print(tf.zeros(s))
        print(tf.ones(s))
        print(tf.random.uniform(s))
        print(tf.fill(s, 1.0))
        print(tf.random.normal(tf.shape(a)) * tf.exp(a / 2) + a)
        print(tf.zeros(n))          # a shape vector of known length: that many open lengths
        print(tf.zeros(v))          # of open length: an unknown rank
        print(tf.zeros(s * 2))
        return a
    f(tf.zeros([3, 4]), tf.constant([2, 2]), tf.constant([2, 2]))
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("random_normal:0", shape=(None, 4), dtype=float32)',
        'Tensor("zeros:0", shape=(None, 4), dtype=float32)',
        'Tensor("ones:0", shape=(None, 4), dtype=float32)',
        'Tensor("random_uniform/RandomUniform:0", shape=(None, 4), dtype=float32)',
        'Tensor("Fill:0", shape=(None, 4), dtype=float32)',
        'Tensor("add:0", shape=(None, 4), dtype=float32)',
        'Tensor("zeros_1:0", shape=(None, None), dtype=float32)',
        'Tensor("zeros_2:0", dtype=float32)',
        'Tensor("zeros_3:0", shape=(None, None), dtype=float32)']


class _Sampling(tf.keras.layers.Layer):
    def call(self, inputs):
        mean, log_var = inputs
        return tf.random.normal(tf.shape(log_var)) * tf.exp(log_var / 2) + mean


class _VAE(tf.keras.Model):
    def __init__(self, encoder, decoder, **kw):
        super().__init__(**kw)
        self.encoder, self.decoder = encoder, decoder

    def train_step(self, data):
        with tf.GradientTape() as tape:
            mean, log_var, z = self.encoder(data)
            print(z.shape)
            recon = self.decoder(z)
            recon_loss = tf.reduce_mean(tf.reduce_sum(tf.square(data - recon), axis=(1, 2)))
            kl = -0.5 * tf.reduce_mean(tf.reduce_sum(1 + log_var - tf.exp(log_var) - tf.square(mean), axis=1))
            total = recon_loss + kl
        grads = tape.gradient(total, self.trainable_weights)
        self.optimizer.apply_gradients(zip(grads, self.trainable_weights))
        return {"recon": recon_loss, "kl": kl}

    def call(self, x):
        return self.decoder(self.encoder(x)[2])


def test_vae_custom_train_step_decodes_sampled_codings(capsys):
    X = np.random.RandomState(0).rand(100, 4, 4).astype(np.float32)    # 100 / 32: the batch stays open
    tf.keras.utils.set_random_seed(42)
    inputs = tf.keras.layers.Input(shape=[4, 4])
    z = tf.keras.layers.Flatten()(inputs)
    mean = tf.keras.layers.Dense(2)(z)
    log_var = tf.keras.layers.Dense(2)(z)
    encoder = tf.keras.Model(inputs, [mean, log_var, _Sampling()([mean, log_var])])
    codings = tf.keras.layers.Input(shape=[2])
    decoder = tf.keras.Model(codings, tf.keras.layers.Reshape([4, 4])(tf.keras.layers.Dense(16)(codings)))
    vae = _VAE(encoder, decoder)
    vae.compile(optimizer=tf.keras.optimizers.Adam(1e-2))
    history = vae.fit(X, epochs=2, batch_size=32, verbose=0).history
    assert capsys.readouterr().out.splitlines() == ['(None, 2)', '(None, 2)']
    np.testing.assert_allclose(history['kl'], [0.37644436955451965, 0.4180755019187927], rtol=1e-5)
    np.testing.assert_allclose(history['recon'], [8.439268112182617, 5.995242595672607], rtol=1e-5)
