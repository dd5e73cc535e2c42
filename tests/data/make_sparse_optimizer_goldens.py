"""Golden weights for tests/test_sparse_optimizer_parity_more.py, from keras 3.15 on TensorFlow 2.21.

Run with /opt/tfref/bin/python; prints the GOLDEN literals (the sparse path), then for
each optimizer the gap to the same gradients made dense and to fit(batch_size=3).
The setup repeats tests/helpers_sparse_optimizers.py (the tests' model and batch).
"""
import os
os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'
import numpy as np, tensorflow as tf, keras
VOCAB, DIM, LENGTH, STEPS = 10, 3, 4, 3
IDS = np.array([[1, 2, 1, 5], [2, 2, 7, 1], [0, 9, 5, 5]], 'int32')
TARGETS = np.array([[0.5], [-1.0], [2.0]], 'float32')
EMBEDDINGS = (np.arange(VOCAB * DIM, dtype='float32').reshape(VOCAB, DIM) % 7 - 3) / 10
KERNEL = (np.arange(LENGTH * DIM, dtype='float32').reshape(LENGTH * DIM, 1) % 5 - 2) / 4
BIAS = np.array([0.1], 'float32')
O = keras.optimizers
OPT = {
 'ftrl': lambda: O.Ftrl(0.1),
 'ftrl_regularized': lambda: O.Ftrl(0.1, learning_rate_power=-0.7, initial_accumulator_value=0.2,
    l1_regularization_strength=0.01, l2_regularization_strength=0.02, l2_shrinkage_regularization_strength=0.03, beta=0.1),
 'lamb': lambda: O.Lamb(0.1),
 'adafactor': lambda: O.Adafactor(0.1),
 'adafactor_absolute': lambda: O.Adafactor(0.05, relative_step=False, clip_threshold=0.5),
}
def model():
    m = keras.Sequential([keras.Input((LENGTH,), dtype='int32'), keras.layers.Embedding(VOCAB, DIM),
                          keras.layers.Flatten(), keras.layers.Dense(1)])
    m.set_weights([EMBEDDINGS, KERNEL, BIAS]); return m
for name, make in OPT.items():
    for densify in (False, True):
        m, opt, lf = model(), make(), keras.losses.MeanSquaredError()
        for _ in range(STEPS):
            with tf.GradientTape() as t:
                loss = lf(TARGETS, m(IDS))
            g = t.gradient(loss, m.trainable_variables)
            assert isinstance(g[0], tf.IndexedSlices)
            if densify: g[0] = tf.convert_to_tensor(g[0])
            opt.apply_gradients(zip(g, m.trainable_variables))
        w = np.concatenate([x.ravel() for x in m.get_weights()])
        if densify:
            print('#', name, 'dense gap', np.abs(w - prev).max())
        else:
            prev = w
            print("    '%s': [" % name)
            for i in range(0, len(w), 8):
                print('        ' + ', '.join('%.8g' % x for x in w[i:i+8]) + ',')
            print('    ],')
    # fit
    m = model(); m.compile(make(), 'mse'); m.fit(IDS, TARGETS, batch_size=3, epochs=STEPS, shuffle=False, verbose=0)
    print('# fit gap', np.abs(np.concatenate([x.ravel() for x in m.get_weights()]) - prev).max())
