import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset
from PIL import Image


class Leaves(Dataset):
    def __init__(self, root, files, labels=None):
        self.root, self.files, self.labels = root, files, labels

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        img = Image.open(os.path.join(self.root, self.files[i])).convert("L").resize((64, 64))
        x = torch.tensor(list(img.getdata()), dtype=torch.float32).view(1, 64, 64) / 255.0
        if self.labels is None:
            return x
        return x, self.labels[i]


class Net(nn.Module):
    def __init__(self, n_classes):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        )
        self.head = nn.Linear(32 * 16 * 16, n_classes)

    def forward(self, x):
        return self.head(self.body(x).flatten(1))


def train_epoch(net, loader, opt):
    net.train()
    total = 0.0
    for x, y in loader:
        opt.zero_grad()
        loss = nn.functional.cross_entropy(net(x), y)
        loss.backward()
        opt.step()
        total += loss.item() * len(y)
    return total / len(loader.dataset)


if __name__ == "__main__":
    files = sorted(os.listdir("/home/data/images"))
    labels = [int(f.split("_")[0]) % 10 for f in files]
    ds = Leaves("/home/data/images", files, labels)
    net = Net(10)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for epoch in range(3):
        print(epoch, train_epoch(net, DataLoader(ds, batch_size=32, shuffle=True), opt))
