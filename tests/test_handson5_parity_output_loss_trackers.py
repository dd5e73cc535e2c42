"""The per-output losses fit logs for a two-output model (Hands-On ML's Wide & Deep with an
auxiliary output) carry TensorFlow's last bit.

Keras 3 updates each output's Mean tracker with ``sample_weight=y_pred.shape[0]``: the static batch
length when the step's trace has fixed shapes (every batch of one size: 100 samples in batches of
25), None when it leaves the batch open (batches of 32, 32, 32 and 4), so total / count rounds
differently. Golden histories printed by TensorFlow 2.21 + Keras 3.15 for the program below;
tapeflow counted every batch once, which gave 'aux_output_loss' 10.502703666687012 for the first.
"""
import numpy as np

from framework import keras


def _model_and_data():
    keras.utils.set_random_seed(42)
    wide = keras.layers.Input(shape=[5], name='wide_input')
    deep = keras.layers.Input(shape=[6], name='deep_input')
    hidden = keras.layers.Dense(30, activation='relu', name='h2')(deep)
    main = keras.layers.Dense(1, name='main_output')(keras.layers.concatenate([wide, hidden]))
    aux = keras.layers.Dense(1, name='aux_output')(hidden)
    model = keras.models.Model(inputs=[wide, deep], outputs=[main, aux])
    model.compile(loss=['mse', 'mse'], loss_weights=[0.9, 0.1], optimizer=keras.optimizers.SGD(learning_rate=1e-3))
    x = np.random.rand(100, 8).astype(np.float32)
    return model, [x[:, :5], x[:, 2:]], [x[:, :1] * 3, x[:, 1:2] * 5]


def test_fixed_batches_weigh_by_size_open_batches_count_once():
    model, x, y = _model_and_data()
    assert model.fit(x, y, epochs=1, verbose=0, batch_size=25).history == {
        'aux_output_loss': [10.502702713012695], 'loss': [2.0797650814056396],
        'main_output_loss': [1.143883228302002]}
    named = ({'wide_input': x[0], 'deep_input': x[1]}, {'main_output': y[0], 'aux_output': y[1]})
    assert model.fit(*named, epochs=1, verbose=0).history == {
        'aux_output_loss': [10.176218032836914], 'loss': [2.0473456382751465],
        'main_output_loss': [1.232483148574829]}
