"""The workloads of bench_workloads.py, each as tapeflow (the Keras program), numpy by hand
and torch eager. Every builder returns {implementation: a callable that runs the work once};
numpy and torch start from the tapeflow model's initial weights."""
import numpy as np

import framework as tf
from framework import keras

from bench_cnn import pool_backward, pool_forward, sliding_window_view
import numpy_rnn

try:
    import torch
except ImportError:
    torch = None

LR, B1, B2, EPS = 1e-3, 0.9, 0.999, 1e-7


def batches(n, batch, rng=None):
    order = rng.permutation(n) if rng is not None else np.arange(n)
    return [order[i:i + batch] for i in range(0, n, batch)]


class Adam:
    """Keras 3's Adam on float32 numpy arrays, in place."""

    def __init__(self, params):
        self.params, self.t = params, 0
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]

    def update(self, grads):
        self.t += 1
        alpha = LR * np.sqrt(1 - B2 ** self.t) / (1 - B1 ** self.t)
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m += (g - m) * (1 - B1)
            v += (g * g - v) * (1 - B2)
            p -= (m * alpha) / (np.sqrt(v) + EPS)


def softmax_ce(logits, y):
    """Softmax probabilities, their mean cross-entropy and its gradient w.r.t. the logits."""
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    p = e / e.sum(axis=1, keepdims=True)
    rows = np.arange(len(y))
    loss = -np.log(np.clip(p[rows, y], 1e-7, 1)).mean()
    d = p.copy()
    d[rows, y] -= 1
    return p, loss, d / len(y)


def keras_fit(model, data, batch, loss, metrics=()):
    model.compile(optimizer=keras.optimizers.Adam(LR), loss=loss, metrics=list(metrics))
    return lambda: model.fit(*data, batch_size=batch, epochs=1, verbose=0)


def mlp_model():
    return keras.Sequential([keras.Input((784,)), keras.layers.Dense(128, activation='relu'),
                             keras.layers.Dense(10, activation='softmax')])


def torch_mlp(weights):
    net = torch.nn.Sequential(torch.nn.Linear(784, 128), torch.nn.ReLU(), torch.nn.Linear(128, 10))
    with torch.no_grad():
        for layer, k, b in ((net[0], *weights[:2]), (net[2], *weights[2:])):
            layer.weight.copy_(torch.from_numpy(k.T.copy()))
            layer.bias.copy_(torch.from_numpy(b))
    return net


def torch_fit(net, x, y, batch, loss_fn, correct_fn):
    optimizer = torch.optim.Adam(net.parameters(), lr=LR, eps=EPS)
    x, y = torch.from_numpy(x), torch.from_numpy(y)

    def run():
        hits = 0
        for idx in torch.randperm(len(x)).split(batch):
            out = net(x[idx])
            loss = loss_fn(out, y[idx])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            with torch.no_grad():
                hits += correct_fn(out, y[idx])
        return hits
    return run


def mlp_fit(data, batch):
    x, y = data
    model = mlp_model()
    weights = model.get_weights()
    runs = {'tapeflow': keras_fit(model, data, batch, 'sparse_categorical_crossentropy', ['accuracy'])}
    k1, b1, k2, b2 = params = [w.copy() for w in weights]
    adam, rng = Adam(params), np.random.default_rng(0)

    def numpy_run():
        hits = 0
        for idx in batches(len(x), batch, rng):
            xb, yb = x[idx], y[idx]
            z = xb @ k1 + b1
            h = np.maximum(z, 0)
            p, loss, d = softmax_ce(h @ k2 + b2, yb)
            hits += (p.argmax(axis=1) == yb).sum()
            dh = (d @ k2.T) * (z > 0)
            adam.update([xb.T @ dh, dh.sum(axis=0), h.T @ d, d.sum(axis=0)])
        return hits
    runs['numpy'] = numpy_run
    if torch is not None:
        runs['torch'] = torch_fit(torch_mlp(weights), x, y.astype(np.int64), batch,
                                  torch.nn.functional.cross_entropy,
                                  lambda out, t: (out.argmax(1) == t).sum())
    return runs


def cnn_fit(data, batch):
    x, y = data
    model = keras.Sequential([keras.Input((28, 28, 1)), keras.layers.Conv2D(32, 3, activation='relu'),
                              keras.layers.MaxPooling2D(), keras.layers.Flatten(),
                              keras.layers.Dense(10, activation='softmax')])
    weights = model.get_weights()
    runs = {'tapeflow': keras_fit(model, data, batch, 'sparse_categorical_crossentropy', ['accuracy'])}
    k1, b1, k2, b2 = params = [w.copy() for w in weights]
    adam, rng = Adam(params), np.random.default_rng(0)

    def numpy_run():
        hits = 0
        for idx in batches(len(x), batch, rng):
            xb, yb = x[idx], y[idx]
            cols = sliding_window_view(xb, (3, 3), axis=(1, 2)).reshape(-1, 9)   # C == 1
            z = (cols @ k1.reshape(9, 32) + b1).reshape(len(xb), 26, 26, 32)
            a = np.maximum(z, 0)
            pooled = pool_forward(a)
            flat = pooled.reshape(len(xb), -1)
            p, loss, d = softmax_ce(flat @ k2 + b2, yb)
            hits += (p.argmax(axis=1) == yb).sum()
            dz = (pool_backward((d @ k2.T).reshape(pooled.shape), a, pooled) * (z > 0)).reshape(-1, 32)
            adam.update([(cols.T @ dz).reshape(k1.shape), dz.sum(axis=0), flat.T @ d, d.sum(axis=0)])
        return hits
    runs['numpy'] = numpy_run
    if torch is not None:
        net = torch.nn.Sequential(torch.nn.Conv2d(1, 32, 3), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
                                  torch.nn.Flatten(), torch.nn.Linear(5408, 10))
        runs['torch'] = torch_fit(net, x.transpose(0, 3, 1, 2).copy(), y.astype(np.int64), batch,
                                  torch.nn.functional.cross_entropy,
                                  lambda out, t: (out.argmax(1) == t).sum())
    return runs


def rnn_fit(data, batch, kind, layers=1):
    """``layers`` stacked RNNs of 32 units (the first ones return sequences) -> Dense(1)."""
    stack = [getattr(keras.layers, kind)(32, return_sequences=True) for _ in range(layers - 1)]
    model = keras.Sequential([keras.Input((20, 8))] + stack + [getattr(keras.layers, kind)(32), keras.layers.Dense(1)])
    weights = model.get_weights()
    runs = {'tapeflow': keras_fit(model, data, batch, 'mse')}
    if layers == 1:
        params = [w.copy() for w in weights]
        runs['numpy'] = numpy_rnn.rnn_fit(kind, data, batch, params, Adam(params), batches, np.random.default_rng(0))
    if torch is not None:
        class Net(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.rnn = getattr(torch.nn, kind)(8, 32, num_layers=layers, batch_first=True)
                self.out = torch.nn.Linear(32, 1)

            def forward(self, x):
                return self.out(self.rnn(x)[0][:, -1])
        runs['torch'] = torch_fit(Net(), *data, batch, torch.nn.functional.mse_loss, lambda out, t: 0)
    return runs


def embed_fit(data, batch):
    x, y = data
    model = keras.Sequential([keras.Input((50,), dtype='int32'), keras.layers.Embedding(1000, 16),
                              keras.layers.GlobalAveragePooling1D(), keras.layers.Dense(1, activation='sigmoid')])
    weights = model.get_weights()
    runs = {'tapeflow': keras_fit(model, data, batch, 'binary_crossentropy', ['accuracy'])}
    table, k, b = params = [w.copy() for w in weights]
    adam, rng = Adam(params), np.random.default_rng(0)

    def numpy_run():
        hits = 0
        for idx in batches(len(x), batch, rng):
            xb, yb = x[idx], y[idx]
            h = table[xb].mean(axis=1)
            p = 1 / (1 + np.exp(-(h @ k + b)))
            hits += ((p > 0.5) == yb).sum()
            d = (p - yb) / len(yb)
            d_table = np.zeros_like(table)
            np.add.at(d_table, xb, np.broadcast_to(((d @ k.T) / 50)[:, None, :], xb.shape + (16,)))
            adam.update([d_table, h.T @ d, d.sum(axis=0)])
        return hits
    runs['numpy'] = numpy_run
    if torch is not None:
        class Net(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.embed, self.out = torch.nn.Embedding(1000, 16), torch.nn.Linear(16, 1)

            def forward(self, t):
                return torch.sigmoid(self.out(self.embed(t).mean(dim=1)))
        runs['torch'] = torch_fit(Net(), x.astype(np.int64), y, batch, torch.nn.functional.binary_cross_entropy,
                                  lambda out, t: ((out > 0.5) == t).sum())
    return runs


def mlp_rows(data, batch, evaluate):
    x, y = data
    model = mlp_model()
    k1, b1, k2, b2 = weights = model.get_weights()
    if evaluate:
        model.compile(loss='sparse_categorical_crossentropy', metrics=['accuracy'])
        runs = {'tapeflow': lambda: model.evaluate(x, y, batch_size=batch, verbose=0)}
    else:
        runs = {'tapeflow': lambda: model.predict(x, batch_size=batch, verbose=0)}

    def numpy_run():
        outs, total, hits = [], 0.0, 0
        for idx in batches(len(x), batch):
            logits = np.maximum(x[idx] @ k1 + b1, 0) @ k2 + b2
            if evaluate:
                p, loss, _ = softmax_ce(logits, y[idx])
                total, hits = total + loss * len(idx), hits + (p.argmax(axis=1) == y[idx]).sum()
            else:
                e = np.exp(logits - logits.max(axis=1, keepdims=True))
                outs.append(e / e.sum(axis=1, keepdims=True))
        return (total / len(x), hits / len(x)) if evaluate else np.concatenate(outs)
    runs['numpy'] = numpy_run
    if torch is not None:
        net, tx, ty = torch_mlp(weights), torch.from_numpy(x), torch.from_numpy(y.astype(np.int64))

        def torch_run():
            outs, total, hits = [], 0.0, 0
            with torch.no_grad():
                for i in range(0, len(tx), batch):
                    logits = net(tx[i:i + batch])
                    if evaluate:
                        t = ty[i:i + batch]
                        total += float(torch.nn.functional.cross_entropy(logits, t, reduction='sum'))
                        hits += int((logits.argmax(1) == t).sum())
                    else:
                        outs.append(torch.softmax(logits, 1))
            return (total / len(tx), hits / len(tx)) if evaluate else torch.cat(outs).numpy()
        runs['torch'] = torch_run
    return runs


def mlp_predict(data, batch):
    return mlp_rows(data, batch, evaluate=False)


def mlp_evaluate(data, batch):
    return mlp_rows(data, batch, evaluate=True)


def pipeline(data, batch):
    x, y = data
    dataset = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(1024).batch(batch).map(lambda a, b: (a / 255.0, b))

    def tapeflow_run():
        for _ in dataset:
            pass
    rng = np.random.default_rng(0)

    def numpy_run():       # a full permutation stands in for the 1024-row shuffle buffer
        for idx in batches(len(x), batch, rng):
            x[idx] / np.float32(255.0), y[idx]
    runs = {'tapeflow': tapeflow_run, 'numpy': numpy_run}
    if torch is not None:
        from torch.utils.data import DataLoader, TensorDataset
        loader = DataLoader(TensorDataset(torch.from_numpy(x), torch.from_numpy(y)), batch_size=batch, shuffle=True)

        def torch_run():
            for a, b in loader:
                a / 255.0
        runs['torch'] = torch_run
    return runs
