"""Linear regression by gradient descent with GradientTape (seed 004), run on tapeflow.

The post's program with ``import tensorflow as tf`` changed to ``import framework as tf``:
it fits y = 2x + 1 and should end near W = 2, b = 1.
Run: python examples/linear_regression.py
"""
import os
import sys

# Runs from a checkout without installing: put the repository root on the path.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

import framework as tf  # noqa: E402

# 예제 데이터: 간단한 선형 관계 y = 2x + 1
X = tf.constant([1.0, 2.0, 3.0, 4.0])
Y = tf.constant([3.0, 5.0, 7.0, 9.0])

# 학습 가능한 변수: 가중치(W)와 편향(b)
W = tf.Variable(0.0)
b = tf.Variable(0.0)


# 손실 함수: 평균 제곱 오차 (MSE)
def loss_fn(y_true, y_pred):
    return tf.reduce_mean(tf.square(y_true - y_pred))


# 선형 모델: y = W * x + b
def linear_model(x):
    return W * x + b


# 학습률 설정
learning_rate = 0.01


# 경사 하강법을 통한 파라미터 업데이트 함수
def train_step(x, y):
    with tf.GradientTape() as tape:
        y_pred = linear_model(x)
        loss = loss_fn(y, y_pred)
    # W와 b에 대한 미분(gradient) 계산
    gradients = tape.gradient(loss, [W, b])
    # 파라미터 업데이트: 현재 값에서 기울기에 학습률을 곱한 값을 뺌
    W.assign_sub(learning_rate * gradients[0])
    b.assign_sub(learning_rate * gradients[1])
    return loss


# 학습 루프 실행
for epoch in range(1000):
    loss_value = train_step(X, Y)
    if epoch % 100 == 0:
        print(f"Epoch {epoch}: Loss = {loss_value.numpy():.4f}, W = {W.numpy():.4f}, b = {b.numpy():.4f}")

print("최종 모델 파라미터:")
print("W =", W.numpy())
print("b =", b.numpy())
