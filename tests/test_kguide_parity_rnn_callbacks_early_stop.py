"""The callbacks guide's EarlyStoppingAtMinLoss (stop_training, get/set_weights, on an array input
that runs out under steps_per_epoch) and CustomLearningRateScheduler (reading and setting
``model.optimizer.learning_rate``), pinned to Keras 3.

Golden values printed by Keras 3 (TensorFlow 2.21) running the same program
(/work/notes/progs/kguides_rnn_callbacks/gold_early.py). tapeflow's warning for
arrays that ran out under steps_per_epoch had its own words; it now has Keras's.
"""
import warnings

import numpy as np

from framework import keras

KERAS_EARLY_STOP_LOSSES = [26.503135681152344, 26.0538387298584, 19.115890502929688, 18.562034606933594,
                           20.873558044433594]
KERAS_RESTORED_BIAS = [1.2608078718185425]
KERAS_RAN_OUT = ('Your input ran out of data; interrupting training. Make sure that your dataset or generator '
                 'can generate at least `steps_per_epoch * epochs` batches. You may need to use the `.repeat()` '
                 'function when building your dataset.')
KERAS_SCHEDULED_LOSSES = [25.067399978637695, 18.985733032226562, 15.748040199279785, 13.783377647399902,
                          12.829948425292969, 11.987039566040039, 11.415791511535645, 11.269485473632812,
                          11.121074676513672, 10.994946479797363, 10.920426368713379, 10.84573745727539,
                          10.78901481628418, 10.7740478515625]
KERAS_RATE_LINES = [
    'Epoch 0: Learning rate is 0.10000000149011612.', 'Epoch 1: Learning rate is 0.10000000149011612.',
    'Epoch 2: Learning rate is 0.10000000149011612.', 'Epoch 3: Learning rate is 0.05.',
    'Epoch 4: Learning rate is 0.05000000074505806.', 'Epoch 5: Learning rate is 0.05000000074505806.',
    'Epoch 6: Learning rate is 0.01.', 'Epoch 7: Learning rate is 0.009999999776482582.',
    'Epoch 8: Learning rate is 0.009999999776482582.', 'Epoch 9: Learning rate is 0.005.',
    'Epoch 10: Learning rate is 0.004999999888241291.', 'Epoch 11: Learning rate is 0.004999999888241291.',
    'Epoch 12: Learning rate is 0.001.', 'Epoch 13: Learning rate is 0.0010000000474974513.']


def _data():
    keras.utils.set_random_seed(1)
    x = np.linspace(-1, 1, 300 * 8, dtype="float32").reshape(300, 8) ** 3
    y = (np.arange(300) % 10).astype("float32")
    return x, y


def get_model():
    model = keras.Sequential([keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.RMSprop(learning_rate=0.1), loss="mean_squared_error",
                  metrics=["mean_absolute_error"])
    return model

class EarlyStoppingAtMinLoss(keras.callbacks.Callback):
    def __init__(self, patience=0):
        super().__init__()
        self.patience = patience
        self.best_weights = None
    def on_train_begin(self, logs=None):
        self.wait = 0
        self.stopped_epoch = 0
        self.best = np.inf
    def on_epoch_end(self, epoch, logs=None):
        current = logs.get("loss")
        if np.less(current, self.best):
            self.best = current
            self.wait = 0
            self.best_weights = self.model.get_weights()
        else:
            self.wait += 1
            if self.wait >= self.patience:
                self.stopped_epoch = epoch
                self.model.stop_training = True
                print("Restoring model weights from the end of the best epoch.")
                self.model.set_weights(self.best_weights)
    def on_train_end(self, logs=None):
        if self.stopped_epoch > 0:
            print(f"Epoch {self.stopped_epoch + 1}: early stopping")

class CustomLearningRateScheduler(keras.callbacks.Callback):
    def __init__(self, schedule):
        super().__init__()
        self.schedule = schedule
    def on_epoch_begin(self, epoch, logs=None):
        lr = self.model.optimizer.learning_rate
        scheduled_lr = self.schedule(epoch, lr)
        self.model.optimizer.learning_rate = scheduled_lr
        print(f"Epoch {epoch}: Learning rate is {float(np.array(scheduled_lr))}.")

LR_SCHEDULE = [(3, 0.05), (6, 0.01), (9, 0.005), (12, 0.001)]
def lr_schedule(epoch, lr):
    if epoch < LR_SCHEDULE[0][0] or epoch > LR_SCHEDULE[-1][0]:
        return lr
    for i in range(len(LR_SCHEDULE)):
        if epoch == LR_SCHEDULE[i][0]:
            return LR_SCHEDULE[i][1]
    return lr


def test_early_stopping_at_min_loss_stops_and_restores_as_keras(capsys):
    x, y = _data()
    model = get_model()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        history = model.fit(x, y, batch_size=64, steps_per_epoch=2, epochs=30, verbose=0,
                            callbacks=[EarlyStoppingAtMinLoss()])
    assert [str(w.message) for w in caught] == [KERAS_RAN_OUT]      # the 5 batches run out in the 3rd epoch
    assert history.epoch == [0, 1, 2, 3, 4]
    np.testing.assert_allclose(history.history["loss"], KERAS_EARLY_STOP_LOSSES, rtol=1e-6)
    np.testing.assert_allclose(model.get_weights()[1], KERAS_RESTORED_BIAS, rtol=1e-6)
    assert capsys.readouterr().out.splitlines() == ["Restoring model weights from the end of the best epoch.",
                                                    "Epoch 5: early stopping"]


def test_custom_learning_rate_scheduler_reads_and_sets_the_rate(capsys):
    x, y = _data()
    get_model()             # the golden program made the early-stopping model first
    model = get_model()
    history = model.fit(x, y, batch_size=64, epochs=14, verbose=0,
                        callbacks=[CustomLearningRateScheduler(lr_schedule)])
    assert capsys.readouterr().out.splitlines() == KERAS_RATE_LINES
    np.testing.assert_allclose(history.history["loss"], KERAS_SCHEDULED_LOSSES, rtol=1e-6)
    assert float(model.optimizer.learning_rate.numpy()) == 0.0010000000474974513
    assert int(model.optimizer.iterations.numpy()) == 70
