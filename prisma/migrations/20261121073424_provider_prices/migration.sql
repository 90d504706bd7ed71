-- AlterTable
ALTER TABLE "providers" ADD COLUMN     "inputPriceMicros" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "outputPriceMicros" INTEGER NOT NULL DEFAULT 0;
