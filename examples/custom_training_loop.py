"""The custom training loop of seed 002 (section 12.3.9), run on tapeflow.

The loop is the seed's code verbatim except for three things: the imports
(``framework`` for ``tensorflow``), the seed's typo ``keras.optimizer`` fixed to
``keras.optimizers``, and the data: ``X_train`` / ``y_train`` are the diabetes
set shipped in examples/data (standardized; the seed used California housing).
Run: python examples/custom_training_loop.py
"""
import os
import sys

# Runs from a checkout without installing: put the repository root on the path.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

import numpy as np  # noqa: E402

import framework as tf  # noqa: E402
from framework import keras  # noqa: E402

# ---- data (not part of the seed) -------------------------------------------------------
_data = np.load(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'data', 'diabetes.npz'))
_x, _y = _data['x'], _data['y']
X_train = ((_x - _x.mean(axis=0)) / _x.std(axis=0)).astype(np.float32)
y_train = ((_y - _y.mean()) / _y.std()).astype(np.float32).reshape(-1, 1)
keras.utils.set_random_seed(42)     # Python's random (Keras's initial weights), numpy's and TensorFlow's

# ---- the seed, section 12.3.9 ------------------------------------------------------------
# 신경망 모델 생성
l2_reg = keras.regularizers.l2(0.05)

model = keras.models.Sequential([
    keras.layers.Dense(30, activation = 'elu', kernel_initializer = 'he_normal', kernel_regularizer = l2_reg),
    keras.layers.Dense(1 , kernel_regularizer = l2_reg)])

# 훈련데이터 세트에서 배치를 랜덤하게 추출하는 함수 생성
def random_batch(X, y, batch_size = 32):
    idx = np.random.randint(len(X), size = batch_size) # 균일 분포의 정수 난수 생성[0 ~ len(X)-1]
    return X[idx], y[idx]

# 훈련 상태를 출혁하는 함수 생성
def print_status_bar(iteration, total, loss, metrics = None):
    metrics = '-'.join([f'{m.name}: {m.result():.4f}' for m in [loss] + (metrics or [])])
    end     = '' if iteration < total else '\n'
    print(f'\r{iteration}/{total} - ' + metrics, end = end)

# 하이퍼파라미터 정의
n_epochs   = 5
batch_size = 32
n_steps    = len(X_train) // batch_size
optimizer  = keras.optimizers.Nadam(lr = .01)
loss_fn    = keras.losses.mean_squared_error
mean_loss  = keras.metrics.Mean()
metrics    = [keras.metrics.MeanAbsoluteError()]

# 사용자 정의 훈련 반복 수행
for epoch in range(1, n_epochs + 1): # 훈련 에포크 반복
    print(f'Epoch {epoch}/{n_epochs}')
    for step in range(1, n_steps + 1): # 에포크 내 훈련 스텝 반복
        X_batch, y_batch = random_batch(X_train, y_train) # 훈련데이터 세트에서 랜덤하게 배치 생성
        with tf.GradientTape() as tape:
            y_pred    = model(X_batch, training = True) # 예측 생성
            main_loss = tf.reduce_mean(loss_fn(y_batch, y_pred)) # loss_fn: 샘플마다 하나의 손실을 반환, reduce_mean을 통해 배치에 대한 평균 손실을 계산
            loss      = tf.add_n([main_loss] + model.losses)
        gradients = tape.gradient(loss, model.trainable_variables) # 훈련 가능한 변수들에 대한 손실의 그래디언트를 계산
        optimizer.apply_gradients(zip(gradients, model.trainable_variables)) # 경사하강법 수행
        mean_loss(loss)
        for metric in metrics:
            metric(y_batch, y_pred)
        print_status_bar(step * batch_size, len(y_train), mean_loss, metrics) # 각 스텝마다 훈련 상태 출력
    print_status_bar(len(y_train), len(y_train), mean_loss, metrics) # 각 에포크마다 훈련 상태 출력
    for metric in [mean_loss] + metrics:
        metric.reset_states() # 평균 손실과 지표들을 초기화
